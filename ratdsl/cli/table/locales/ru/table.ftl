# Фразы терминального стола и рассказчика (ratdsl/cli/table/words.py), по-русски. Слова игры
# (зоны, виды фишек, карты, фазы) берутся из файлов локали самой игры.

nothing = ничего
pass = пас
yes = да
no = нет

## Narration
narr-title = { $game }: { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[other] { $players } игроков
}, { $seed }
narr-seed = зерно { $seed }
narr-seed-hidden = зерно скрыто
narr-with = с модулями: { $modules }
narr-variant = вариант { $variant }
narr-options = Домашние правила: { $options }
narr-round = === Раунд { $round } (ходит { $active }) ===
narr-setup = подготовка: { $step }
narr-revealed = открыта карта { $card } ({ $pile })
narr-placements = открытые размещения:
narr-drawn = { $what }: случайно взято из { $src } в { $dst }
narr-shuffled = { $pile } перемешано: { $result }
narr-picked = Случайный выбор: { $result }
narr-hidden = (скрыто)
narr-shown-some = { $player } смотрит карты
narr-shown = показано игроку { $player }: { $cards }
narr-decides = { $player } выбирает { $answer }: { $what }
narr-passes = { $player } пасует: { $what }
narr-end-game = Игра заканчивается в раунде { $round }, на шаге { $at }; считаются только завершённые раунды.
narr-final = === Итоговые очки после раундов: { $rounds } ===
narr-more-sets = … ещё изменений { $var }: { $n }
narr-more-moves = … ещё перемещений: { $n }
narr-more-lines = … ещё строк: { $n }
narr-score = { $player }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[other] { $points } очков
}
narr-tiebreak = (при равенстве: { $values })
narr-winner = Победитель: { $player }
narr-shared = Общая победа: { $players }

## The table
tbl-handover = Передайте терминал игроку { $player }.
tbl-press-enter = { $player }, нажмите Enter, когда экран видите только вы
tbl-answered = { $player } ответил; экран очищен.
tbl-status = Раунд { $round } · { $phase } · ходит { $active }
tbl-table = На столе
tbl-face-up = В открытую
tbl-players = Игроки
tbl-you = Ваш экран ({ $player })
tbl-shown = Карты, показанные вам
tbl-piles = Стопки
tbl-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[other] { $count } карт
}
tbl-place = { $player }: { $question }. Всего разместите: { $amount }.
tbl-limit-most = не больше { $n } в { $zones }
tbl-limit-least = не меньше { $n } в { $zones }
tbl-count-help = Введите число (Enter: наименьшее допустимое); u отменяет последнее размещение, r начинает заново.
tbl-left = осталось { $left }
tbl-confirm = Enter подтверждает, u отменяет
tbl-question = { $player }: { $question }
tbl-from-card = { $card }: { $text }
tbl-number = число
tbl-yes-no = да или нет
tbl-not-in-range = «{ $text }» — не число от { $low } до { $high }
tbl-nothing-to-undo = отменять пока нечего
tbl-answer = ваш ответ: { $answer }
tbl-you-saw = вы видели: { $card }
narr-option = { $option }: { $value }
narr-shuffled-hidden = { $pile } перемешано.
narr-picked-hidden = Что-то выбрано случайно.
narr-move = { $what } из { $src } в { $dst }
narr-move-by = { $rule }: { $what } из { $src } в { $dst }
narr-set = { $var } теперь { $value }

## Что произошло с игроком за фазу (play, обычная подробность)
led-yours = У вас, { $zone }: { $changes }
led-gain = +{ $what } из «{ $other }» — { $reason }
led-loss = −{ $what } в «{ $other }» — { $reason }
led-gain-here = +{ $what } — { $reason }
led-loss-here = −{ $what } — { $reason }
led-your-var = Ваше значение «{ $var }»: { $before } → { $value }
led-your-var-now = Ваше значение «{ $var }»: { $value }
led-var-now = { $var } { $value }
led-rival = { $player }: { $changes }
