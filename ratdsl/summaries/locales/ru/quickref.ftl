# Собственные слова памятки и HTML-страницы (quickref.py, html.py). У каждого языка те же
# идентификаторы, что и в английском файле (tests/test_quickref.py).

## Памятка: строка под заголовком
qr-players = { $players }
qr-variant = Вариант: { $variant }
qr-modules = { $count ->
    [one] Модуль
   *[other] Модули
}: { $modules }
qr-no-modules = Базовая игра, без дополнительных модулей
qr-lead-sep = {" · "}
qr-section-legend = Цвета

## HTML-страница
html-players = { $players }.
html-appendix = Приложение
html-notes = Как составлена эта сводка
