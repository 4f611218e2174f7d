# Общие фразы для сводок правил: русский язык.
#
# Эти шаблоны превращают устройство любого правила в предложения; ни одной игры они не знают.
# Существительные берутся из сообщений самой игры (zone-*, pile-*, kind-*, const-*, ...): у каждого
# есть атрибут .gender (m, f, n или pl для слов без единственного числа) и при нужде .prep = on
# («на рынок», «с рынка» вместо «в», «из»). Сообщение существительного выбирает по $form падеж:
# bare, def и indef (именительный), gen, dat, acc, prep (предложный) — и по $count число: one, few,
# many (правила CLDR для русского: 1, 21 — one; 2–4, 22 — few; 5–20, 11, 111 — many) и other
# (множественное без числа). $case фразы: nom, acc, dat или gen; dat здесь стоит там, где
# немецкий ставит «von» с дательным, и читается как родительный («этого игрока»).

## Грамматика
grammar-noun-attributes = gender
grammar-genders = m f n pl
grammar-contractions = {""}

## Вспомогательные формы (видят переменные вызывающего сообщения)

# «свой», «этот», «выбранный» в нужном роде, числе и падеже
g-det-nom = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] своя{" "}
            [n] своё{" "}
            [pl] свои{" "}
           *[m] свой{" "}
        }
       *[other] свои{" "}
    }
    [this] { $number ->
        [one] { $gender ->
            [f] эта{" "}
            [n] это{" "}
            [pl] эти{" "}
           *[m] этот{" "}
        }
       *[other] эти{" "}
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] выбранная{" "}
            [n] выбранное{" "}
            [pl] выбранные{" "}
           *[m] выбранный{" "}
        }
       *[other] выбранные{" "}
    }
   *[other] {""}
}
g-det-acc = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] свою{" "}
            [n] своё{" "}
            [pl] свои{" "}
           *[m] свой{" "}
        }
       *[other] свои{" "}
    }
    [this] { $number ->
        [one] { $gender ->
            [f] эту{" "}
            [n] это{" "}
            [pl] эти{" "}
           *[m] этот{" "}
        }
       *[other] эти{" "}
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] выбранную{" "}
            [n] выбранное{" "}
            [pl] выбранные{" "}
           *[m] выбранный{" "}
        }
       *[other] выбранные{" "}
    }
   *[other] {""}
}
g-det-gen = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] своей{" "}
            [pl] своих{" "}
           *[other] своего{" "}
        }
       *[other] своих{" "}
    }
    [this] { $number ->
        [one] { $gender ->
            [f] этой{" "}
            [pl] этих{" "}
           *[other] этого{" "}
        }
       *[other] этих{" "}
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] выбранной{" "}
            [pl] выбранных{" "}
           *[other] выбранного{" "}
        }
       *[other] выбранных{" "}
    }
   *[other] {""}
}
g-det-prep = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] своей{" "}
            [pl] своих{" "}
           *[other] своём{" "}
        }
       *[other] своих{" "}
    }
    [this] { $number ->
        [one] { $gender ->
            [f] этой{" "}
            [pl] этих{" "}
           *[other] этом{" "}
        }
       *[other] этих{" "}
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] выбранной{" "}
            [pl] выбранных{" "}
           *[other] выбранном{" "}
        }
       *[other] выбранных{" "}
    }
   *[other] {""}
}
# «этот» / «выбранный» при переменной (ref-this): род из $gender, выбор из $which
g-this-nom = { $which ->
    [chosen] { $gender ->
        [f] выбранная
        [n] выбранное
        [pl] выбранные
       *[m] выбранный
    }
   *[this] { $gender ->
        [f] эта
        [n] это
        [pl] эти
       *[m] этот
    }
}
g-this-acc = { $which ->
    [chosen] { $gender ->
        [f] выбранную
        [n] выбранное
        [pl] выбранные
       *[m] выбранный
    }
   *[this] { $gender ->
        [f] эту
        [n] это
        [pl] эти
       *[m] этот
    }
}
g-this-gen = { $which ->
    [chosen] { $gender ->
        [f] выбранной
        [pl] выбранных
       *[other] выбранного
    }
   *[this] { $gender ->
        [f] этой
        [pl] этих
       *[other] этого
    }
}
# сосед игрока (np-neighbour)
g-neighbour-nom = { $own ->
    [yes] свой { $side ->
        [left] левый
       *[right] правый
    } сосед
   *[no] { $side ->
        [left] левый
       *[right] правый
    } сосед { $of }
}
g-neighbour-gen = { $own ->
    [yes] своего { $side ->
        [left] левого
       *[right] правого
    } соседа
   *[no] { $side ->
        [left] левого
       *[right] правого
    } соседа { $of }
}
# владелец чужого места: «запас левого соседа»
g-of = { $owner ->
    [other] {" "}{ $of }
   *[own] {""}
}

## Слова

word-thing = { $form ->
    [gender] m
    [gen] { $count ->
        [one] предмета
       *[other] предметов
    }
    [dat] { $count ->
        [one] предмету
       *[other] предметам
    }
    [prep] { $count ->
        [one] предмете
       *[other] предметах
    }
   *[other] { $count ->
        [one] предмет
        [few] предмета
        [many] предметов
       *[other] предметы
    }
}
word-place = { $form ->
    [gender] n
    [gen] { $count ->
        [one] места
       *[other] мест
    }
    [dat] { $count ->
        [one] месту
       *[other] местам
    }
    [prep] { $count ->
        [one] месте
       *[other] местах
    }
   *[other] { $count ->
        [one] место
        [few] места
        [many] мест
       *[other] места
    }
}
word-card = { $form ->
    [gender] f
    [gen] { $count ->
        [one] карты
       *[other] карт
    }
    [dat] { $count ->
        [one] карте
       *[other] картам
    }
    [acc] { $count ->
        [one] карту
        [few] карты
        [many] карт
       *[other] карты
    }
    [prep] { $count ->
        [one] карте
       *[other] картах
    }
   *[other] { $count ->
        [one] карта
        [few] карты
        [many] карт
       *[other] карты
    }
}
word-piece = { $form ->
    [gender] f
    [gen] { $count ->
        [one] фишки
       *[other] фишек
    }
    [dat] { $count ->
        [one] фишке
       *[other] фишкам
    }
    [acc] { $count ->
        [one] фишку
        [few] фишки
        [many] фишек
       *[other] фишки
    }
    [prep] { $count ->
        [one] фишке
       *[other] фишках
    }
   *[other] { $count ->
        [one] фишка
        [few] фишки
        [many] фишек
       *[other] фишки
    }
}
word-side = { $form ->
    [gender] f
    [gen] { $count ->
        [one] стороны
       *[other] сторон
    }
    [dat] { $count ->
        [one] стороне
       *[other] сторонам
    }
    [acc] { $count ->
        [one] сторону
        [few] стороны
        [many] сторон
       *[other] стороны
    }
    [prep] { $count ->
        [one] стороне
       *[other] сторонах
    }
   *[other] { $count ->
        [one] сторона
        [few] стороны
        [many] сторон
       *[other] стороны
    }
}
word-number = { $form ->
    [gender] n
    [gen] { $count ->
        [one] числа
       *[other] чисел
    }
    [dat] { $count ->
        [one] числу
       *[other] числам
    }
    [prep] { $count ->
        [one] числе
       *[other] числах
    }
   *[other] { $count ->
        [one] число
        [few] числа
        [many] чисел
       *[other] числа
    }
}
word-value = { $form ->
    [gender] n
    [gen] { $count ->
        [one] значения
       *[other] значений
    }
    [dat] { $count ->
        [one] значению
       *[other] значениям
    }
    [prep] { $count ->
        [one] значении
       *[other] значениях
    }
   *[other] { $count ->
        [one] значение
        [few] значения
        [many] значений
       *[other] значения
    }
}
word-player = { $form ->
    [gender] m
    [gen] { $count ->
        [one] игрока
       *[other] игроков
    }
    [dat] { $count ->
        [one] игроку
       *[other] игрокам
    }
    [acc] { $count ->
        [one] игрока
        [few] игроков
        [many] игроков
       *[other] игроков
    }
    [prep] { $count ->
        [one] игроке
       *[other] игроках
    }
   *[other] { $count ->
        [one] игрок
        [few] игрока
        [many] игроков
       *[other] игроки
    }
}
word-yes = да
word-no = нет
word-none = нет
word-nothing = ничего
word-left = левая
word-right = правая
word-decision = выбор
word-field = значение
word-result = Итог
word-untitled = (без названия)

## Места: зона или стопка с владельцем

place-nom = { g-det-nom }{ $name }{ g-of }
place-acc = { g-det-acc }{ $name_acc }{ g-of }
place-dat = { g-det-gen }{ $name_gen }{ g-of }
place-gen = { g-det-gen }{ $name_gen }{ g-of }
place-from = { $prep ->
    [on] с { g-det-gen }{ $name_gen }{ g-of }
   *[other] из { g-det-gen }{ $name_gen }{ g-of }
}
place-to = { $prep ->
    [on] на { g-det-acc }{ $name_acc }{ g-of }
   *[other] в { g-det-acc }{ $name_acc }{ g-of }
}
place-in = { $prep ->
    [on] на { g-det-prep }{ $name_prep }{ g-of }
   *[other] в { g-det-prep }{ $name_prep }{ g-of }
}
place-nom-np = { $np }
place-acc-np = { $np_acc }
place-dat-np = { $np_dat }
place-gen-np = { $np_gen }
place-from-np = из { $np_gen }
place-to-np = в { $np_acc }
place-in-np = в { $np }

## Ссылки на то, о чём говорит правило

ref-player = { $which ->
    [chosen] { $case ->
        [acc] выбранного игрока
        [gen] выбранного игрока
        [dat] выбранного игрока
       *[nom] выбранный игрок
    }
    [other] { $case ->
        [acc] другого игрока
        [gen] другого игрока
        [dat] другого игрока
       *[nom] другой игрок
    }
   *[this] { $case ->
        [acc] этого игрока
        [gen] этого игрока
        [dat] этого игрока
       *[nom] этот игрок
    }
}
ref-this = { $case ->
    [gen] { g-this-gen } { $noun_gen }
    [dat] { g-this-gen } { $noun_gen }
    [acc] { g-this-acc } { $noun_acc }
   *[other] { g-this-nom } { $noun }
}
ref-side = { $case ->
    [gen] { $side ->
        [left] левой
       *[right] правой
    } стороны
    [dat] { $side ->
        [left] левой
       *[right] правой
    } стороны
    [acc] { $side ->
        [left] левую
       *[right] правую
    } сторону
   *[other] { $side ->
        [left] левая
       *[right] правая
    } сторона
}
ref-param = { $name }
ref-label = { $label }
ref-players = { $case ->
    [gen] игроков
    [dat] игроков
    [acc] игроков
   *[other] игроки
}
ref-active = { $case ->
    [gen] активного игрока
    [acc] активного игрока
    [dat] активного игрока
   *[other] активный игрок
}
ref-round = { $case ->
    [gen] номера раунда
    [dat] номера раунда
   *[other] номер раунда
}
ref-player-count = { $case ->
    [gen] числа игроков
    [dat] числа игроков
   *[other] число игроков
}
ref-base = { $case ->
    [gen] обычного значения
    [dat] обычного значения
   *[other] обычное значение
}
ref-this-card = { $case ->
    [gen] этой карты
    [dat] этой карты
    [acc] эту карту
   *[other] эта карта
}
ref-it = { $case ->
    [gen] его
    [dat] его
    [acc] его
   *[other] оно
}

## Именные группы

np-the = { $noun }
np-of-player = { $own ->
    [yes] свой { $noun }
   *[no] { $noun } { $player_gen }
}
np-field = { $field } { $of }
np-card-field-var = то, что { $card } показывает в поле «{ $field }»
np-nth = { $n ->
    [1] первый
    [2] второй
    [3] третий
   *[other] элемент № { $n }
} из { $of_gen }
np-first-n = первые { $n } из { $of_gen }
np-count-in = число { $what_gen } { $where }
np-table = { $table } для { $arg }
np-size = число элементов { $of }
np-min = меньшее из значений: { $items }
np-max = большее из значений: { $items }
np-neighbour = { $case ->
    [nom] { g-neighbour-nom }
    [acc] { g-neighbour-gen }
   *[other] { g-neighbour-gen }
}
np-neighbour-on = { $case ->
    [nom] { $own ->
        [yes] свой сосед со стороны: { $side }
       *[no] сосед { $of } со стороны: { $side }
    }
   *[other] { $own ->
        [yes] своего соседа со стороны: { $side }
       *[no] соседа { $of } со стороны: { $side }
    }
}
np-opposite = { $this ->
    [yes] { $case ->
        [nom] противоположная сторона
        [acc] противоположную сторону
       *[other] противоположной стороны
    }
   *[no] { $case ->
        [nom] сторона напротив { $side_gen }
        [acc] сторону напротив { $side_gen }
       *[other] стороны напротив { $side_gen }
    }
}
np-top = { $case ->
    [acc] верхнюю карту
    [gen] верхней карты
    [dat] верхней карты
   *[other] верхняя карта
} { $of }
np-all-cards = все { $deck }
np-sample = случайные карты из { $of } ({ $n } шт.)
np-pick = случайный игрок из { $of }
np-pieces = каждая фишка { $of }
np-kinds = каждый вид фишек { $of }
np-contents = фишки { $of }
np-one-of-each = по одной фишке каждого вида { $of }
np-at-phase-start = { $value } на начало фазы
np-rank = место { $of } по порядку от активного игрока
np-share = { $total }, розданные по одному; претенденты: { $claims }
np-share-evenly = { $total }, разделённые поровну; претенденты: { $claims } (остаток от деления не раздаётся)
np-owner = владелец { $of }
np-len = число { $of }
np-sum = сумма { $of }
np-abs = модуль { $of }
np-seat = номер места { $of }
np-any = выполняется ли хоть для одного { $of }
np-all = выполняется ли для всех { $of }
np-spaces = поля { $board } в игре
np-neighbours = соседние поля { $of }
np-adjacent = ведёт ли путь из { $a_gen } в { $b }
np-distance = расстояние в шагах от { $a_gen } до { $b_gen }
np-room = свободное место { $of }
# turns: orders of play
np-clockwise = игроки по часовой стрелке, начиная с { $of }
np-counter-clockwise = игроки против часовой стрелки, начиная с { $of }
np-clockwise-after = игроки по часовой стрелке, начиная с игрока после { $of }
np-counter-clockwise-after = игроки против часовой стрелки, начиная с игрока после { $of }
np-snake = игроки по часовой стрелке от { $of }, затем обратно против часовой
# end turns
np-result = итог ({ $items })
np-if = { $then }, если { $cond }, иначе { $otherwise }
np-range = от { $low } до { $high }
np-where = { $items }, для которых { $cond }
np-ordered = { $items } по порядку: { $keys }
np-extreme = { $player ->
    [yes] игрок, у которого { $key } { $most ->
        [yes] больше всего
       *[no] меньше всего
    }
   *[no] тот, у которого { $key } { $most ->
        [yes] наибольшее
       *[no] наименьшее
    }
}
np-each = { $value } для каждого из { $items }
np-pile-cards = карты { $pile }

## Арифметика

math-plus = { $a } + { $b }
math-minus = { $a } − { $b }
math-times = { $a } × { $b }
math-div = { $a } ÷ { $b } (с округлением вниз)
math-mod = остаток от деления { $a } на { $b }
math-group = ({ $a })
math-neg = −{ $a }

## Условия

cond-always = всегда
cond-never = никогда
cond-not = неверно, что { $cond }
cond-players = в игре { $players }
cond-exists = есть { $a }
cond-missing = нет { $a }
cond-is-kind-eq = { $a } — это { $kind }
cond-is-kind-ne = { $a } — не { $kind }
cond-is = { $a } — это { $b }
cond-is-not = { $a } — не { $b }
cond-func = { $what }
cond-any = { $cond } хотя бы для одного из { $items_gen }
cond-all = { $cond } для каждого из { $items_gen }
cond-eq = { $a } равно { $b }
cond-ne = { $a } не равно { $b }
cond-lt = { $a } меньше { $b_dat }
cond-le = { $a } не больше { $b_dat }
cond-gt = { $a } больше { $b_dat }
cond-ge = { $a } не меньше { $b_dat }
cond-in = { $a } среди { $b }
cond-holds = { $what }

## Действия правил

stmt-if = если { $cond }:
stmt-if-players = при { $players }:
stmt-else-if = иначе, если { $cond }:
stmt-else = иначе:
stmt-each-player = каждый игрок по очереди, начиная с активного
stmt-each-of = каждый { $noun } ({ $items }), один за другим
stmt-each-in = каждый { $noun } из { $items }
stmt-each-pieces = каждая фишка { $where }
stmt-each-kinds = каждый вид фишек { $where }
stmt-each-where = { $head }, если { $cond }
stmt-each-order = { $head }, по порядку: { $keys }
# One key of an ordering; $key_dat is the same in the dative.
order-key = { $key } ({ $order ->
    [descending] по убыванию
   *[ascending] по возрастанию
})
order-then = { $first }, затем { $next }
stmt-while = пока { $cond }:
repeat-times = { $n ->
    [one] один раз
    [2] дважды
    [few] { $n } раза
   *[other] { $n } раз
}
stmt-repeat = { repeat-times }:
stmt-repeat-if = { $then }, если { $cond }, иначе { $otherwise }:
stmt-repeat-np = столько раз, сколько { $n }:
stmt-repeat-per = по разу за каждый { $noun }:
qty-everything = всё
qty-all = { $animate ->
    [yes] всех
   *[no] все
} { $what_acc }
qty-exact = { $n } { $what_acc }
qty-up-to = { $n } { $what_acc } или меньше
qty-np = столько { $what_gen }, сколько { $n }
qty-up-to-np = { $what_acc }, но не больше, чем { $n },
stmt-move = переместите { $what } { $src } { $dst }.
stmt-draw = вытяните наугад { $what } { $src } { $dst }.
stmt-create = положите { $what } { $dst_to }.
stmt-shuffle = перемешайте { $pile }.
stmt-place-top = положите { $cards } на верх { $pile_gen }.
stmt-place-bottom = положите { $cards } под низ { $pile_gen }.
stmt-reveal = откройте { $count ->
    [one] верхнюю карту
    [varies] верхние карты ({ $n })
   *[other] верхние карты ({ $n })
} { $src } и положите { $count ->
    [one] её
   *[other] их
} { $dst }.
stmt-let = { $label } означает { $value }.
stmt-may = { $player } может по желанию сделать следующее ({ $decision }):
stmt-may-not = если нет:
stmt-choose = { $player } выбирает ({ $decision }) из { $options }{ $optional ->
    [yes] {""} или пасует
   *[no] {""}
}:
stmt-distribute = { $player } распределяет { $what } { $src } между { $targets } ({ $decision }):
stmt-limit-most = не больше { $n } { $where }.
stmt-limit-least = не меньше { $n } { $where }.
stmt-do = выполните «{ $rule }».
stmt-do-repeats = выполните «{ $rule }»; это повторяется: правило ведёт обратно к себе.
stmt-secretly = тайно и одновременно для всех:
# plans
stmt-plan = тайно каждый из { $players } планирует шаги ({ $n }; { $decision }), выбирая каждый из { $options }{ $optional ->
    [yes] {""} или оставляя пустым
   *[no] {""}
}; когда все закончат, планы открываются одновременно как { $target }
# end plans
stmt-end = игра немедленно заканчивается.
stmt-show = покажите { $cards } только для { $player }, больше никому.
stmt-set-active = { $player } становится активным игроком.
stmt-set = { $target }: теперь { $value }.
stmt-add = прибавьте { $n } к { $target }.
stmt-subtract = вычтите { $n } из { $target }.
# turns
stmt-turn = { $player } делает ход:
stmt-turn-abilities = в любой момент хода можно применить { $abilities }.
stmt-act-one = выполните действие { $actions }, если оно разрешено.
stmt-act-choose = выполните одно из действий: { $actions }{ $optional ->
    [yes] {""} — или ни одного
   *[no] {""}
}.
stmt-act-any-order = выполните каждое разрешённое действие из { $actions } в порядке, который выберет игрок.
stmt-act-until-pass = выполняйте действия { $actions } по одному и сколько угодно раз, пока они разрешены и пока игрок не остановится.
# end turns

## Объявления: модификаторы, перехваты, события карт

decl-modify = { $what }: { $change }
decl-modify-if = { $text }, когда { $cond }
change-also = также { $what }
change-plus = на { $n } больше
change-minus = на { $n } меньше
change-becomes = становится { $value }
decl-hook-before = перед «{ $rule }»
decl-hook-after = после «{ $rule }»
decl-hook-instead = вместо «{ $rule }»
decl-hook-at = { $when }
decl-hook-if = { $head }, если { $cond }
decl-on-reveal = когда эту карту открывают
decl-on-event = когда эту карту применяют

## Тексты страницы

ui-summary-title = { $game }: сводка правил
ui-quickref-title = { $game }: памятка
ui-intro = { $players }. Составлено по файлам правил: каждое число ниже взято из правил.
ui-modules-on = { $count ->
    [one] Дополнительный модуль
   *[other] Дополнительные модули
} в игре: { $modules }.
ui-modules-off = Базовая игра: дополнительные модули не используются.
ui-footer = Создано ratdsl по файлам правил с действующими опциями.
ui-section-variant = Вариант: { $variant }
ui-variant-intro = Эта сводка описывает домашнее правило { $variant }. Его изменения помечены «{ $changed }» или «{ $added }».
ui-variant-added = Добавлено: { $what }.
ui-variant-changed = Изменено: { $what }.
ui-variant-removed = Убрано: { $what }.
ui-variant-rows = Изменено: { $what }: { $changes }.
ui-variant-row-more = от { $low } до { $high } { $var }: на { $delta } больше
ui-variant-row = от { $low } до { $high } { $var }: { $old } → { $new }
ui-variant-row-rest = больше { $low } { $var }: { $new } вместо { $old }
ui-variant-option = { $option }: теперь { $value }.
ui-variant-modules = Включённые дополнительные модули: { $modules }.
ui-other-rule = отдельное правило
ui-what = { $kind ->
    [phase] фаза «{ $name }»
    [card] карта «{ $name }»
    [table] таблица «{ $name }»
    [rule] правило «{ $name }»
    [func] величина «{ $name }»
    [const] величина «{ $name }»
    [option] опция «{ $name }»
    [deck] колода «{ $name }»
    [scoring] подсчёт очков
    [round] порядок фаз
   *[other] { $name }
}
ui-what-step = шаг «{ $step }» фазы «{ $phase }»
ui-badge-changed = изменено вариантом
ui-badge-added = добавлено вариантом
ui-badge-set-variant = задано вариантом
ui-badge-set-command = не по умолчанию
ui-section-setup = Компоненты и подготовка
ui-components = Компоненты
ui-setup = Подготовка
ui-col-component = Компонент
ui-col-where = Где
ui-col-amount = Количество
ui-section-round = Ход раунда
ui-section-board = Поле: { $board }
ui-board-intro = { $count ->
    [one] На поле { $count } клетка.
    [few] На поле { $count } клетки.
   *[other] На поле { $count } клеток.
}
ui-col-space = Клетка
ui-col-in-play = В игре при
ui-col-capacity = Вмещает не больше
ui-board-no-limit = –
ui-board-edge = { $space } граничит с клетками: { $others }.
ui-board-one-way = { $space }: отсюда путь ведёт только в одну сторону — { $others }.
ui-round-generic = В каждом раунде { $count ->
    [one] { $count } фаза
    [few] { $count } фазы
   *[other] { $count } фаз
}, они идут в таком порядке:
ui-round-ends-after = { $count ->
    [1] Игра заканчивается после первого раунда.
   *[other] Игра заканчивается, когда сыгран раунд { $count }; этот раунд засчитывается.
}
ui-round-cap = { $count ->
    [1] Игра длится не больше одного раунда: правила останавливают её, если она не закончилась раньше.
    [one] Игра длится не больше { $count } раунда: правила останавливают её, если она не закончилась раньше.
   *[other] Игра длится не больше { $count } раундов: правила останавливают её, если она не закончилась раньше.
}
# turns
ui-section-actions = Действия
ui-action-quoted = «{ $title }»
ui-action-ability = Способность: владелец может применить её в любой момент своего хода.
ui-action-only-if = разрешено, только если { $cond }.
ui-action-limit = { $n ->
    [one] не больше { $n } раза за ход.
    [few] не больше { $n } раз за ход.
   *[other] не больше { $n } раз за ход.
}
ui-action-cost = стоимость:
ui-ends-turn = Игра заканчивается в конце хода, в котором { $cond }; этот раунд засчитывается.
ui-ends-round = Игра заканчивается в конце раунда, в котором { $cond }; этот раунд засчитывается.
ui-ends-once = Игра заканчивается, как только { $cond }; этот раунд засчитывается.
# end turns
ui-phase-title = Фаза { $n }: { $title }
ui-details = Подробно
ui-deck-active = Карта этой колоды действует, только пока { $cond }.
ui-group-heading = { $group } ({ $count })
ui-field = { $field }: { $value }
ui-no-effect = Своего действия нет.
ui-col-card = Карта
ui-row-range = { $low }–{ $high }
ui-row-more = { $low } и больше
ui-row-other = любое другое
ui-section-players = Число игроков
ui-players-intro = В игре участвуют { $players }. Что меняется в зависимости от числа игроков:
ui-col-rule = Правило
ui-func-is = { $what }: { $value }
ui-see-rule = { $rule }: см. фазу { $n }, «{ $phase }».
ui-section-scoring = Конец игры, подсчёт очков и ничьи
ui-end-card = открыта карта { $card }
ui-end-step = сыгран шаг { $step }
ui-game-ends = Игра заканчивается, как только { $what }.
ui-score-is = каждый игрок получает { $value }.
ui-tiebreak = при ничьей, критерий { $n }: { $value } — у кого больше, тот и выше.
ui-tie-shared = игроки, между которыми ничья сохранилась, делят победу.
ui-section-other = Прочие правила
ui-section-module = Дополнительный модуль: { $module }
ui-module-rules = Правила модуля
ui-section-options = Действующие опции
ui-options-intro = Там, где правила можно понять по-разному, файлы правил заводят опцию. Эта сводка следует таким прочтениям:
ui-col-option = Опция
ui-col-value = Принятое прочтение
ui-default-was = (по умолчанию: { $value })
ui-label-sep = :{" "}
ui-head = { $text }:
ui-with-note = { $text } { $note }
ui-option-note = ({ $options })
ui-option-value = { $option }: { $value }
ui-group = { $group } ({ $items })
ui-untranslated = { ui-quoted } (не переведено)
ui-quoted = «{ $text }»
ui-number = { $n }
ui-amount = { $n } { $what }
ui-amount-np = { $n } { $what }
ui-amount-short = { $n } { $what }
ui-by-players = { $value } при { $players }
ui-players = { $range } { $case ->
    [dat] { $count ->
        [one] игроке
       *[other] игроках
    }
   *[other] { $count ->
        [one] игрок
        [few] игрока
       *[other] игроков
    }
}
ui-range = { $low }–{ $high }
ui-label = ({ $n ->
    [1] А
    [2] Б
    [3] В
    [4] Г
    [5] Д
   *[other] { $n }
})
ui-steps-sep = {"; "}
ui-list-sep = {", "}
ui-list-and = { $first } и { $last }
ui-list-or = { $first } или { $last }
