"""`ratdsl tune`: a search over what a tuning file lets vary (option values, numbers of the rules)
for the variant that best meets its goals on measured play (docs/tuning.md)."""
