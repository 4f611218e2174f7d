# House rule: the messages for what this variant adds (changed elements keep the game's
# titles; their texts are generated from the new rules unless given here).

variant-big_litters = Big litters

step-nursery-births = The clan grows, with extra babies
    .text = Each player takes one new rat from the common pile for every rat in their nursery, and one more for every { $n1 } of them (rounded down), and puts them there. If the pile runs short, the player with the fewest rats in the nursery breeds first.
