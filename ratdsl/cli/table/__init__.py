"""The terminal table: people play a game at the terminal (`ratdsl play`), one or several at one
screen (hot seat), each shown only what the rules let that player see."""
