"""`ratdsl play`: people play at the terminal, alone against bots or several at one screen (hot
seat), each decision asked as a small form (ratdsl/cli/table/)."""

from __future__ import annotations

from pathlib import Path

import typer

from .common import fail, load_or_exit, output_path, seats


def register(app: typer.Typer) -> None:
    @app.command()
    def play(rules: Path = typer.Argument(..., help="A game folder under rules/, or a variant file."),
             human: list[str] = typer.Option(..., "--human", help="Seats played here: 1,3 or P1,P3 "
                                                                "(several: hot seat, one screen each)."),
             players: int = typer.Option(4, "--players", "-p", help="Number of players."),
             seed: int | None = typer.Option(None, "--seed", "-s",
                                             help="Seed of the game (a secret random one by default)."),
             modules: list[str] = typer.Option([], "--with", help="Switch on an optional module."),
             options: list[str] = typer.Option([], "--option", "-o", help="Set a rule option: NAME=VALUE."),
             lang: str = typer.Option("en", "--lang", "-l", help="Language of the table: en, de, es or fr."),
             verbosity: int = typer.Option(1, "--verbosity", "-v", min=0, max=3,
                                           help="Narration between questions: 0 to 3 as for `run`."),
             log: Path | None = typer.Option(None, "--log", help="Write the game's log when it ends."),
             opponents: str = typer.Option(
                 "random", "--opponents",
                 help="Who plays the other seats: random, a persona of the rules, mcts[:N] or ismcts[:N]."),
             as_player: int | None = typer.Option(
                 None, "--as-player", min=1,
                 help="With --log: write only what this seat (1-based) may see (as for `run`)."),
             ) -> None:
        """Play at the terminal: the table, each player's public state, the face-up cards with
        their text, your own screen, and each decision as a small form (u undoes, r restarts).
        Works in an 80x24 terminal and through a pipe (one answer a line).

        Example: ratdsl play rules/my_game --human P1,P3 --players 4"""
        from ..agents.random_agent import RandomAgent, agent_seed
        from ..engine import Game
        from ..engine.log import GameLog, dumps
        from .main import _log_file, _play, _player_records
        from .table.narration import check_lang, narrator
        from .table.seats import Table
        from .table.terminal import Terminal
        from .table.words import GameWords

        check_lang(lang)
        humans = seats(human, players)
        log = output_path(log, "--log")
        if as_player is not None and (log is None or as_player > players):
            fail("--as-player needs --log" if log is None else f"--as-player {as_player}: seats are 1 to {players}")
        definition = load_or_exit(rules, modules, options)
        if seed is None:
            import secrets

            seed = secrets.randbits(63)
        terminal = Terminal()
        words = GameWords(definition, lang)
        table = Table(words, terminal, humans)
        agents = [table.seat(s) if s in humans else RandomAgent(agent_seed(seed, s)) for s in range(players)]
        if opponents != "random":  # (the others as `simulate --agents` names them)
            from ..simulation.runner import UnknownAgent, named_agents

            try:
                others = named_agents(definition, (opponents,), players, seed)
            except UnknownAgent as err:
                fail(str(err))
            agents = [agents[s] if s in humans else others[s] for s in range(players)]
        game_log = GameLog(keep=log is not None)  # in memory until the end: nothing hidden on disk
        game_log.listen(table.face_up)
        narrating = narrator(definition, verbosity, lang, terminal=terminal, words=words,
                             seat=humans[0] if len(humans) == 1 else None)
        table.before_ask = narrating.flush_ledger
        game_log.listen(narrating)
        try:
            game = Game(definition, players, seed, agents=agents, log=game_log, rules_label=str(rules))
        except ValueError as err:
            fail(str(err))
        status, message = _play(game, game_log)
        if log is not None:
            records = game_log.records if as_player is None else _player_records(game_log.records, as_player - 1)
            with _log_file(log) as out:
                out.writelines(dumps(record) + "\n" for record in records)
        if status:
            if not message:
                raise typer.Exit(status)
            fail(message, status)
