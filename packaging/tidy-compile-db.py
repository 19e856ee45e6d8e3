#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Writes the compile database clang-tidy reads (packaging/tidy.sh) from the one a unity build
# wrote: CMake lists the unity batches (Unity/unity_N_cxx.cxx), not our files, so each batch's
# entry becomes one entry per file it includes, with the batch's command. GCC's precompiled header
# is left out of every command (clang cannot read a .gch): clang-tidy then checks that each file
# includes what it uses, as a build without BOXOFFICE_TEST_PCH would.
#   tidy-compile-db.py <build>/compile_commands.json <out-dir>
import json
import os
import re
import sys

PCH = re.compile(r"\s-include\s+\S*cmake_pch\.hxx|\s-Winvalid-pch")
UNITY_INCLUDE = re.compile(r'^#include\s+"([^"]+)"', re.MULTILINE)


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: tidy-compile-db.py <compile_commands.json> <out-dir>", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        print(f"tidy-compile-db: cannot read the compile database {sys.argv[1]}: {e}",
              file=sys.stderr)
        return 2
    out = []
    for entry in entries:
        command = PCH.sub("", entry["command"])
        path = entry["file"]
        if re.search(r"/Unity/unity_\d+_cxx\.cxx$", path):
            with open(path, encoding="utf-8") as f:
                sources = UNITY_INCLUDE.findall(f.read())
            for source in sources:
                out.append({"directory": entry["directory"], "file": source,
                            "command": command.replace(path, source)})
        else:
            out.append({"directory": entry["directory"], "file": path, "command": command})
    os.makedirs(sys.argv[2], exist_ok=True)
    with open(os.path.join(sys.argv[2], "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
    print(f"tidy-compile-db: {len(out)} files from {len(entries)} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
