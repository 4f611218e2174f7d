# House rule: the messages for what this variant adds (changed elements keep the game's
# titles; their texts are generated from the new rules unless given here).

variant-gentle_plague = Gentle plague
