"""Typeset research papers with bookmarks, as reference trees for the layout headings.

    python scripts/typeset_papers.py OUT --seeds 400-420     # needs pdflatex
    python scripts/tree_recall.py --bookmarks OUT            # their layout against their bookmarks

Each seed gives one paper of filler prose with a title, authors, an abstract, sections with
sub-sections, equations, tables, references and (often) an appendix, typeset in one of seven
house styles (the seed chooses, in turn): LaTeX's article class in one and two columns, IEEE's
section style (body-type small capitals numbered I., II., italic sub-sections A., B.) in one
and two columns, the AMS's article class (run-in sub-sections), and the report and book
classes (chapters); in Computer Modern, Times or Palatino. hyperref writes the sections'
bookmarks, which ``tree_recall.py --bookmarks`` takes as the reference tree while it builds
each tree from the layout alone.

Seeds below 400 are for developing the layout rules; report figures on seeds from 400 up
that no rule was written against (a rule prompted by a miss on some seeds is measured on
new ones: 421-460 measured the one for "A.1" that seeds 400-420 prompted).
Debian: ``apt-get install texlive-latex-base texlive-fonts-recommended``.
"""
from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
from pathlib import Path

STYLES = ("article", "article-two-column", "ieee", "ieee-two-column", "amsart", "report", "book")
FONTS = ("", "times", "palatino")  # "": Computer Modern
FIRST_REPORTING_SEED = 400

_WORDS = (
    "retrieval index section tree summary agent model query filing statement evidence page node token budget "
    "latency accuracy baseline method result experiment dataset benchmark question answer reasoning navigation "
    "document corpus parser layout heading table figure error analysis"
).split()
_VERBS = "improves reduces measures compares selects retrieves ranks explains predicts bounds".split()
_SECTIONS = ["Related Work", "Background", "Method", "Experimental Setup", "Results", "Analysis", "Discussion", "Limitations"]
_SUBSECTIONS = [
    "Problem Formulation", "Tree Construction", "Agent Navigation", "Training Details", "Datasets", "Baselines",
    "Main Results", "Ablation Study", "Error Analysis", "Efficiency", "Vector Retrieval", "Long-Context Models",
    "Evaluation Metrics", "Implementation", "Qualitative Examples", "Scaling Behaviour",
]
# IEEE's look in the article class: centred small-capital sections numbered I., II.; italic
# sub-sections A., B.
_IEEE_STYLE = (
    r"\makeatletter\renewcommand\thesection{\Roman{section}.}\renewcommand\thesubsection{\Alph{subsection}.}"
    r"\renewcommand\section{\@startsection{section}{1}{0pt}{2ex}{1ex}{\centering\normalfont\scshape}}"
    r"\renewcommand\subsection{\@startsection{subsection}{2}{0pt}{1.5ex}{0.5ex}{\normalfont\itshape}}\makeatother"
)
_TABLE = (
    r"\begin{table}[h]\centering\begin{tabular}{lrrr}\hline Mode & Accuracy & Tokens & Latency \\ \hline "
    r"simple & 47.6 & 7,335 & 1.2 \\ agent & 52.4 & 14,245 & 3.4 \\ iterative & 55.1 & 21,002 & 5.0 \\ \hline"
    r"\end{tabular}\caption{%s}\end{table}"
)
_EQUATION = r"\begin{equation} f(x) = \sum_{i=1}^{n} w_i \log p(x_i \mid x_{<i}) + \lambda \|w\|^2 \end{equation}"


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(8, 18))]
    words.insert(rng.randint(2, len(words) - 2), rng.choice(_VERBS))
    if rng.random() < 0.3:
        words.insert(rng.randint(1, len(words)), f"{rng.randint(2, 99)}.{rng.randint(0, 9)}\\%")
    if rng.random() < 0.15:
        words.insert(rng.randint(1, len(words)), f"\\cite{{ref{rng.randint(1, 12)}}}")
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random, sentences: int | None = None) -> str:
    return " ".join(_sentence(rng) for _ in range(sentences or rng.randint(3, 7))) + "\n"


def paper_source(seed: int) -> tuple[str, str]:
    """The style name and LaTeX source of the paper for ``seed``."""
    style = STYLES[seed % len(STYLES)]
    font = FONTS[(seed // len(STYLES)) % len(FONTS)]
    rng = random.Random(seed)
    book = style in ("report", "book")
    section, subsection = (r"\chapter", r"\section") if book else (r"\section", r"\subsection")
    document_class = {"ieee": "article", "ieee-two-column": "article", "article-two-column": "article"}.get(style, style)
    options = "10pt,twocolumn" if style.endswith("two-column") else "10pt"
    authors = r"Ada Lovelace" if style == "amsart" else (
        r"Ada Lovelace\thanks{Work done at Northwind.} \and Alan Turing \\ Northwind Research \\ \texttt{ada@northwind.example}")
    out = [rf"\documentclass[{options}]{{{document_class}}}", r"\usepackage[margin=1in]{geometry}", r"\usepackage{amsmath}",
           r"\usepackage{fancyhdr}", *([rf"\usepackage{{{font}}}"] if font else []), r"\usepackage[bookmarks=true]{hyperref}",
           r"\pagestyle{fancy}\fancyhead[L]{Preprint. Under review.}\fancyhead[R]{\thepage}\fancyfoot{}",
           r"\title{Reasoning-Based Retrieval over Long Documents}", rf"\author{{{authors}}}", r"\date{}",
           *([_IEEE_STYLE] if style.startswith("ieee") else []), r"\begin{document}"]
    abstract = _paragraph(rng, 6)
    if book:
        out += [r"\maketitle", r"\chapter*{Abstract}", abstract]
    elif style == "amsart":  # the AMS class wants its abstract before the title
        out += [r"\begin{abstract}", abstract, r"\end{abstract}", r"\maketitle"]
    else:
        out += [r"\maketitle", r"\begin{abstract}", abstract, r"\end{abstract}"]
    subsections = list(_SUBSECTIONS)
    rng.shuffle(subsections)
    for title in ["Introduction", *rng.sample(_SECTIONS, rng.randint(3, 6)), "Conclusion"]:
        out.append(rf"{section}{{{title}}}")
        out += [_paragraph(rng) for _ in range(rng.randint(1, 3))]
        if title not in ("Introduction", "Conclusion") and rng.random() < 0.7:
            for _ in range(rng.randint(2, 3)):
                out += [rf"{subsection}{{{subsections.pop()}}}", _paragraph(rng)]
                if rng.random() < 0.3:
                    out += [_EQUATION, _paragraph(rng, 2)]
                if rng.random() < 0.4:
                    out.append(_TABLE % _sentence(rng)[:-1])
        if rng.random() < 0.4:
            out.append(rf"\paragraph{{{rng.choice(['Setup', 'Observation', 'Cost'])}.}} {_paragraph(rng, 3)}")
    out.append(r"\begin{thebibliography}{99}")
    for number in range(1, 13):
        out.append(rf"\bibitem{{ref{number}}} A.~Author and B.~Author. {_sentence(rng)} In \emph{{Proceedings of the Conference}}, "
                   f"20{rng.randint(10, 24):02d}.")
    out.append(r"\end{thebibliography}")
    if rng.random() < 0.6:
        out += [r"\appendix", rf"{section}{{Additional Results}}", _paragraph(rng), rf"{subsection}{{Per-Document Scores}}",
                _paragraph(rng), rf"{section}{{Prompts}}", _paragraph(rng)]
    out.append(r"\end{document}")
    return style, "\n".join(out)


def typeset(seed: int, out_dir: Path) -> Path:
    """Write and typeset the paper for ``seed``; the PDF's path."""
    style, source = paper_source(seed)
    name = f"paper{seed}_{style}"
    (out_dir / f"{name}.tex").write_text(source, encoding="utf-8")
    for _ in range(2):  # the second pass writes the bookmarks the first collected
        done = subprocess.run(["pdflatex", "-interaction=batchmode", "-halt-on-error", f"{name}.tex"],
                              cwd=out_dir, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"error: pdflatex failed on {out_dir / name}.tex -- see {out_dir / name}.log")
    for suffix in (".aux", ".out", ".log"):  # a failed run keeps its log (above)
        (out_dir / f"{name}{suffix}").unlink(missing_ok=True)
    return out_dir / f"{name}.pdf"


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    try:
        return list(range(int(first), int(last or first) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seed or range of seeds: {text!r} (e.g. 400-420)") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the .tex sources and PDFs")
    parser.add_argument("--seeds", type=_seeds, default=_seeds("400-420"), help="a seed or range, e.g. 400-420 (default)")
    args = parser.parse_args(argv)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"error: cannot write to {args.out} ({exc.strerror}) -- choose a folder you can write to", file=sys.stderr)
        return 2
    if shutil.which("pdflatex") is None:
        print("error: pdflatex is not installed -- apt-get install texlive-latex-base texlive-fonts-recommended",
              file=sys.stderr)
        return 2
    if min(args.seeds) < FIRST_REPORTING_SEED:
        print(f"note: seeds below {FIRST_REPORTING_SEED} are for developing the layout rules; report figures on seeds from {FIRST_REPORTING_SEED} up",
              file=sys.stderr)
    for seed in args.seeds:
        print(typeset(seed, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
