"""Localized rule summaries generated from the rule files (ratdsl/summaries, `ratdsl summary`).

Golden files: tests/golden/summary.<lang>.md. After a deliberate change, regenerate them with
    RATDSL_UPDATE_GOLDEN=1 pytest tests/test_summaries.py
and read the diff before committing it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ratdsl.cli.main import app
from ratdsl.session import load_rules
from ratdsl.summaries import MessageError, summarize, to_html, to_markdown
from ratdsl.summaries.check import check_locales
from ratdsl.summaries.messages import shipped_languages

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "ratland"
# The languages RatLand ships messages in (rules/ratland/locales/); others fall back.
RATLAND_LANGUAGES = shipped_languages(RULES)
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("RATDSL_UPDATE_GOLDEN") == "1"

# What must never reach a reader: Fluent placeholders, message ids, rule identifiers.
LEFTOVERS = re.compile(
    r"\{\s*\$|\{\s*-|\$[a-z]\w*|\b(?:card|zone|kind|phase|step|rule|func|const|option|deck|table|decision|"
    r"symbol|setup|pile|ui|stmt|np|cond|place|word|ref)-[a-z_]+|\b[a-z]+_[a-z_]+\b|\[[a-z]+\]")


def markdown(lang: str, path: Path = RULES, modules=(), options=None, **kw) -> str:
    return to_markdown(summarize(load_rules(path, list(modules), options or {}), lang, **kw))


def section(text: str, heading_start: str) -> str:
    """The lines of one `## ` section whose heading starts with the given text."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].startswith(heading_start)
        elif inside:
            out.append(line)
    return "\n".join(out)


def copy_rules(tmp_path: Path) -> Path:
    target = tmp_path / "ratland"
    shutil.copytree(RULES, target, ignore=shutil.ignore_patterns("scenarios"))
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path.name}: the rule files changed, update this test"
    path.write_text(text.replace(old, new, 1), "utf-8")


# ---------------------------------------------------------------- golden files
@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_golden_summary(lang):
    text = markdown(lang)
    golden = GOLDEN / f"summary.{lang}.md"
    if UPDATE or not golden.exists():
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, "utf-8")
    assert text == golden.read_text("utf-8"), f"summary.{lang}.md differs (RATDSL_UPDATE_GOLDEN=1 to regenerate)"


EN_HEADINGS = ["Components and setup", "Round overview", "Phase 1: Event", "Phase 2: Rats", "Phase 3: Attack",
               "Phase 4: Nursery", "Phase 5: Return", "Phase 6: Foraging for cheese", "Phase 7: Feeding",
               "Event cards", "Food cards", "Feeding table", "Number of players",
               "End of the game, scoring and ties", "Options in force"]


def headings(text: str) -> list[str]:
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


def test_summary_order():
    assert headings(markdown("en")) == EN_HEADINGS
    for lang in RATLAND_LANGUAGES:
        assert len(headings(markdown(lang))) == len(EN_HEADINGS), lang


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_components_come_from_the_setup(lang):
    table = section(markdown(lang), headings(markdown(lang))[0])
    for number in ("115", "230", "44", "88", "14", "18"):
        assert f"| {number} |" in table, (lang, number)


# ---------------------------------------------------------------- numbers come from the rules
def test_changing_a_number_changes_every_summary(tmp_path):
    rules = copy_rules(tmp_path)
    before = {lang: markdown(lang, rules) for lang in RATLAND_LANGUAGES}
    ftl_before = {p: p.read_bytes() for p in rules.rglob("*.ftl")}
    edit(rules / "round.rat", "7..9 -> 3", "7..9 -> 33")                            # a table row
    edit(rules / "events.rat", "move up to 1 yellow from supplies to p.pantry",      # Abundance 1 -> 4
         "move up to 4 yellow from supplies to p.pantry")
    edit(rules / "game.rat", "move 7 rat from pile", "move 17 rat from pile")       # starting rats
    assert {p: p.read_bytes() for p in rules.rglob("*.ftl")} == ftl_before
    for lang in RATLAND_LANGUAGES:
        after = markdown(lang, rules)
        assert after != before[lang]
        table_rows = [line for line in after.splitlines() if line.startswith("| 7–9 |")]
        assert table_rows and "33" in table_rows[0], lang
        abundance = [line for line in after.splitlines() if line.startswith("- **") and
                     line.split("**")[1] in ("Abundance", "Überfluss", "Abundancia", "Abondance")]
        assert abundance and " 4 " in abundance[0], (lang, abundance)
        assert "17" in after and "17" not in before[lang], lang
        assert not LEFTOVERS.search(after), LEFTOVERS.search(after)


# ---------------------------------------------------------------- translations
def test_i18n_check_is_clean():
    findings = check_locales(RULES)
    assert findings == [], "\n".join(f.render(ROOT) for f in findings)


def test_i18n_check_cli_reports_problems(tmp_path):
    rules = copy_rules(tmp_path)
    ftl = rules / "locales" / "de" / "game.ftl"
    text = ftl.read_text("utf-8")
    text = text.replace("card-abundance = Überfluss", "card-abundanze = Überfluss", 1)   # missing + unused
    text = text.replace("{ $placement_at_most }", "{ $placement_at_mots }", 1)            # unknown variable
    ftl.write_text(text + "\nbroken = { $x\n", "utf-8")                                   # syntax error
    result = CliRunner().invoke(app, ["i18n", "check", str(rules), "--lang", "de"])
    assert result.exit_code == 1
    out = result.output
    assert "missing: card-abundance" in out
    assert "unused: card-abundanze" in out
    assert "malformed: card-locked_and_loaded.text" in out and "placement_at_mots" in out
    assert "malformed: -" in out
    clean = CliRunner().invoke(app, ["i18n", "check", str(RULES), "--lang", "en"])
    assert clean.exit_code == 0, clean.output


def test_formatting_errors_fall_back_with_a_warning(tmp_path):
    """A message whose variable is unknown gives way to the generic sentence (issue 18: never a
    failed summary), with a warning naming it; `i18n check` reports it as malformed."""
    rules = copy_rules(tmp_path)
    edit(rules / "locales" / "fr" / "game.ftl", "{ $placement_at_most }", "{ $nope }")
    doc = summarize(load_rules(rules), "fr")
    assert any("card-locked_and_loaded" in w and "nope" in w for w in doc.warnings), doc.warnings
    assert "nope" not in to_markdown(doc)
    assert any(f.key == "card-locked_and_loaded.text" for f in check_locales(rules, ("fr",)))
    with pytest.raises(MessageError, match="no message"):
        from ratdsl.summaries import Catalog
        Catalog("fr")("card-nope")


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_no_placeholders_or_identifiers_anywhere(lang):
    texts = [markdown(lang), markdown(lang, generic_only=True), markdown(lang, quick_ref=True),
             markdown(lang, options={"holy_rat_reading": "may", "supply_shortage": "unlimited",
                                     "food_order": "sorted", "two_player_pantry": "defends"})]
    for variant in sorted((RULES / "variants").glob("*.rat")):
        texts.append(markdown(lang, variant))
    for text in texts:
        found = LEFTOVERS.search(text)
        assert found is None, f"{found.group(0)!r} in {text[max(0, found.start() - 80):found.end() + 40]!r}"


def test_french_typography():
    text = "\n".join(line for line in markdown("fr").splitlines() if not line.startswith("| ---"))
    assert re.search(r"[^\s\u00a0\u202f][:;!?](\s|$)", text) is None
    assert re.search(r" [;!?]", text) is None, "use a narrow no-break space before ; ! ?"
    assert "«\u202f" in text or "«" not in text


def test_quotation_marks_per_language():
    d = load_rules(RULES)
    samples = {"en": "“", "de": "„", "es": "«", "fr": "«"}
    for lang, mark in samples.items():
        text = to_markdown(summarize(d, lang, generic_only=True))
        assert mark in text, lang


# ---------------------------------------------------------------- generic sentences
HOUSE_RULE = """
card lucky_find in events "Lucky Find" {
  back = start
  on reveal {
    for each p in players where it.graveyard.rat > 0 {
      move up to 3 yellow from supplies to p.pantry
    }
  }
}
"""


def test_a_new_house_rule_gets_a_sentence_in_every_language(tmp_path):
    rules = copy_rules(tmp_path)
    (rules / "events.rat").write_text((rules / "events.rat").read_text("utf-8") + HOUSE_RULE, "utf-8")
    for lang in RATLAND_LANGUAGES:
        text = markdown(lang, rules)
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if "Lucky Find" in line)
        block = "\n".join(lines[start:start + 6])
        assert "3" in block, (lang, block)
        assert not LEFTOVERS.search(block), (lang, block)
    missing = [f for f in check_locales(rules, ("en",)) if f.kind == "missing"]
    assert any(f.key == "card-lucky_find" for f in missing)


def test_generic_rendering_of_the_whole_game():
    en = markdown("en", generic_only=True)
    assert "Move 7 rats from the common rat pile to their pantry." in en
    assert "Move up to 2 pieces of yellow cheese from the cheese supply to their pantry." in en
    de = markdown("de", generic_only=True)
    assert "7 Ratten aus dem Rattenvorrat in seine Vorratskammer legen." in de
    es = markdown("es", generic_only=True)
    assert "Mover 7 ratas de la pila común de ratas a su despensa." in es
    fr = markdown("fr", generic_only=True)
    assert "Déplacer 7 rats de la réserve de rats dans son garde-manger." in fr


# ---------------------------------------------------------------- options, variants, modules
def test_options_in_force_are_marked():
    text = markdown("en", options={"holy_rat_reading": "may"})
    options = section(text, "Options in force")
    row = next(line for line in options.splitlines() if line.startswith("| Holy Rat"))
    assert "optional" in row and "not the default" in row and "compulsory" in row
    assert "may move one of them" in text
    assert "may move" not in markdown("en")


VARIANT = """variant house_test "House test" extends ratland

replace table feeding_cost(rats) "Hungrier clans" {
  0..5 -> 1
  otherwise -> 2 + (rats - 5)
}

replace step nursery.births "Twins" {
  for each p in players {
    move up to 2 * breeders(p) rat from pile to p.nursery
  }
}

set option holy_rat_reading = may
"""


def test_variant_changes_are_marked(tmp_path):
    rules = copy_rules(tmp_path)
    variant = rules / "variants" / "house_test.rat"
    variant.write_text(VARIANT, "utf-8")
    for lang in RATLAND_LANGUAGES:
        text = markdown(lang, variant)
        assert not LEFTOVERS.search(text), LEFTOVERS.search(text)
        feeding = [line for line in text.splitlines() if line.startswith("| 0–5 |")]
        assert feeding, lang
        phase4 = next(h for h in headings(text) if " 4" in h.split(":")[0])
        assert "2 × " in section(text, phase4), (lang, "the rewritten step is told from its new rule")
    en = markdown("en", variant)
    assert "changed by the variant" in en and "set by the variant" in en
    assert "for every rat in their nursery" not in en  # the old hand-written text no longer applies
    assert "Every rat in the nursery brings a new rat" not in en  # nor the phase's old summary


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_modules_are_summarised_only_when_switched_on(lang):
    d = load_rules(RULES)
    base = to_markdown(summarize(d, lang))
    modules = sorted(p.stem for p in (RULES / "modules").glob("*.rat"))
    if not modules:
        pytest.skip("no optional modules in rules/ratland/modules")
    with_modules = markdown(lang, modules=modules)
    assert len(with_modules) > len(base)
    assert with_modules.count("\n## ") == base.count("\n## ") + len(modules)


# ---------------------------------------------------------------- CLI and HTML
def test_cli_markdown_quick_ref_and_html(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["summary", str(RULES), "--lang", "es", "--quick-ref"])
    assert result.exit_code == 0, result.output
    assert "Tabla de alimentación" in result.output and "Fase" not in result.output.split("##")[0]
    assert result.output.count("\n## ") >= 5  # round, table, colours, events, scoring (test_quickref.py)
    out = tmp_path / "summary.html"
    result = runner.invoke(app, ["summary", str(RULES), "--lang", "de", "--format", "html", "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text("utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="de">' in html and "<style>" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)|<link|<script|@import|url\(""", html)
    bad = runner.invoke(app, ["summary", str(RULES), "--lang", "it"])
    assert bad.exit_code == 2


def _page_text(html: str) -> str:
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    import html as h
    return h.unescape(text)


def _missing_glyphs(text: str) -> list[str]:
    """Characters that no installed font covers (fontconfig), if fc-list is available."""
    if shutil.which("fc-list") is None:
        return []
    missing = []
    for ch in sorted(set(text) - set(" \n\t")):
        if ord(ch) < 0x80:
            continue
        out = subprocess.run(["fc-list", f":charset={ord(ch):x}", "family"], capture_output=True, text=True,
                             timeout=30).stdout
        if not out.strip():
            missing.append(f"U+{ord(ch):04X}")
    return missing


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_html_page_renders_in_headless_chromium(tmp_path, lang):
    html = to_html(summarize(load_rules(RULES), lang))
    text = _page_text(html)
    assert "\ufffd" not in text
    assert not LEFTOVERS.search(text), LEFTOVERS.search(text)
    assert _missing_glyphs(text) == []
    browser = chromium()
    if browser is None:
        pytest.skip("chromium is not installed (Debian: apt-get install -y chromium); page text checked only")
    page = tmp_path / f"summary.{lang}.html"
    page.write_text(html, "utf-8")
    png = tmp_path / f"summary.{lang}.png"
    profile = tempfile.mkdtemp(dir=tmp_path)
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                    f"--screenshot={png}", "--window-size=1200,3000", page.as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert png.is_file(), "chromium wrote no screenshot"
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000
    keep = os.environ.get("RATDSL_SCREENSHOT_DIR")
    if keep:
        shutil.copy(png, Path(keep) / png.name)


@pytest.mark.parametrize("lang", RATLAND_LANGUAGES)
def test_a_condition_of_300_terms_is_summarised_whole(tmp_path, lang):
    """Fluent refuses a placeable of over 1,000 characters; a long condition is still written out
    in full (messages.py holds long arguments back from Fluent)."""
    terms = " and ".join(f"round > {i}" for i in range(300))
    (tmp_path / "game.rat").write_text(
        'game chain "Chain" {\n  players 2..3\n}\ntokens coin\nzone bank\n'
        "setup {\n  step s {\n    create {coin: 3} in bank\n  }\n}\nround main\n"
        'phase main "Main" {\n  step s "Step" {\n'
        f"    if {terms} {{\n      end game\n    }}\n"
        "    if round > 3 {\n      end game\n    }\n  }\n}\n"
        "scoring p {\n  score = 0\n}\n", "utf-8")
    text = markdown(lang, tmp_path)
    assert "299" in text and "\ue000" not in text
