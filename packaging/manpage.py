#!/usr/bin/env python3
"""Writes dynascope(1) from the real help texts: `dynascope --help`, then `COMMAND --help`.

usage: manpage.py DYNASCOPE_EXE VERSION OUT.1
Every line of the page's command and option lists comes from the binary, so the page cannot
drift from the program; only the sections around them (files, environment, exit status) are
written here.
"""
import datetime
import os
import re
import subprocess
import sys


def run_help(exe, *args):
    # No display on purpose: `gui --help` must print its help without one.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    done = subprocess.run([exe, *args, "--help"], capture_output=True, text=True, env=env,
                          timeout=60)
    if done.returncode != 0:
        sys.exit(f"manpage.py: '{' '.join([exe, *args, '--help'])}' exited "
                 f"{done.returncode}: {done.stderr.strip()}")
    return done.stdout


def escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"^([.'])", r"\\&\1", text)


def columns(line):
    """'  left   right' as (left, right); right may be empty."""
    parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def main():
    exe, version, out = sys.argv[1:4]
    top = run_help(exe).splitlines()
    summary = top[0].split(":", 1)[1].strip().rstrip(".") if ":" in top[0] else top[0]
    commands, options = [], []
    section = None
    for line in top[1:]:
        if line.startswith("commands:"):
            section = commands
        elif line.strip() and section is not None and line.startswith("  "):
            left, right = columns(line)
            (options if left.startswith("-") else section).append((left, right))
    date = os.environ.get("SOURCE_DATE_EPOCH")
    day = (datetime.datetime.fromtimestamp(int(date), datetime.timezone.utc) if date
           else datetime.datetime.now(datetime.timezone.utc)).strftime("%Y-%m-%d")

    page = [f'.TH DYNASCOPE 1 "{day}" "dynascope {version}" "User Commands"',
            ".SH NAME", f"dynascope \\- {escape(summary)}",
            ".SH SYNOPSIS", ".B dynascope", "[\\fICOMMAND\\fR] [\\fIARGS\\fR...]",
            ".SH DESCRIPTION",
            escape("Dynascope runs a Python script that uses torch.compile in an embedded "
                   "CPython 3.11 and shows its bytecode, the symbolic trace of each compiled "
                   "function, the captured graphs with their graph breaks, and the guards. "
                   "Without a command it opens the GUI."),
            ".SH COMMANDS"]
    for usage, text in commands:
        name = usage.split()[0]
        page += [".TP", f".B dynascope {escape(usage)}", escape(text)]
        try:
            detail = run_help(exe, name).splitlines()
        except SystemExit:
            continue  # a command without --help of its own (worker) keeps the summary only
        for line in detail:
            if line.startswith("  ") and line.strip().startswith("-"):
                left, right = columns(line)
                if left not in ("-h, --help", "--help"):
                    page += [".RS", ".TP", f".B {escape(left)}", escape(right), ".RE"]
    page += [".SH OPTIONS"]
    for left, right in options:
        page += [".TP", f".B {escape(left)}", escape(right)]
    page += [".SH EXIT STATUS",
             escape("run, trace and explain exit with the script's own status, as python3.11 "
                    "would (1 for an uncaught exception); 2 for a usage error or a file that "
                    "cannot be read."),
             ".SH FILES",
             ".TP", ".I ~/.config/Dynascope/", "settings (mode 0600)",
             ".TP", ".I ~/.cache/dynascope/", "kernel cache and autosaved scripts (mode 0700)",
             ".TP", ".I /usr/share/dynascope/examples/", "demo scripts",
             ".SH ENVIRONMENT",
             ".TP", ".B QT_QPA_PLATFORM",
             escape("set to offscreen to run the GUI (for example gui --screenshot) without a "
                    "display"),
             ".SH SEE ALSO", ".BR python3.11 (1),", ".BR dot (1)"]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
