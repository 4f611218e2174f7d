# The quick reference's and the HTML page's own words (quickref.py, html.py). Every language has
# the same ids as this file (tests/test_quickref.py).

## Quick reference: the line under the title
qr-players = For { $players }
qr-variant = Variant: { $variant }
qr-modules = { $count ->
    [one] Module
   *[other] Modules
}: { $modules }
qr-no-modules = Standard game, no optional module
qr-lead-sep = {" · "}
qr-section-legend = Colours

## HTML page
html-players = For { $players }.
html-appendix = Appendix
html-notes = How this summary was made
