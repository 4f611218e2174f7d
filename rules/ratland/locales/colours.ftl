# RatLand: the display colour of each cheese piece, for the colour legend of the quick reference
# and the colour chips of the HTML summary (`ratdsl summary rules/ratland --quick-ref -f html`).
# One CSS colour (#rrggbb) per token kind, the same in every language; a kind without a line
# (the rats) has no chip. Chosen close to the printed pieces and apart from each other in print.

kind-yellow = #f2c12e
kind-orange = #ec7d1e
kind-white = #f6f4ee
kind-black = #222222
kind-purple = #7e3fa3
kind-blue = #2a66c2
