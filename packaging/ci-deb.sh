#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CI step for the Debian package, on a machine where packaging/install-deps.sh ran, as
# root (or with sudo): builds the package (reusing build/$BOXOFFICE_PRESET, default build/release),
# validates it (lintian, desktop-file-validate, appstreamcli), installs it with apt as a user would, checks that every
# library the installed programs and the Qt plugins they load need comes from the package's
# declared dependencies, runs the INSTALLED programs from /usr/bin (the ops CLI, the counter's demo
# smoke under Xvfb, a screenshot), then purges the package and checks that none of its files is
# left. Any failure fails the step.
#   bash packaging/ci-deb.sh      screenshot: build/<preset>/packages/installed-board.png
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
apt_get=("${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600)

step() { echo "== ci-deb: $* ($(( $(date +%s) - started )) s)"; }

step "build the package"
bash packaging/build-deb.sh
out=$PWD/build/${BOXOFFICE_PRESET:-release}/packages
deb=$(ls "$out"/boxoffice_*.deb)
work=$(mktemp -d /tmp/boxoffice-ci-deb-XXXXXX)
chmod 0711 "$work"   # the demo's PostgreSQL runs as postgres and must pass through
installed=0
cleanup() {
    if [ -x /usr/bin/boxoffice-admin ] && [ -d "$work/demo" ]; then
        BOXOFFICE_DEMO_DIR="$work/demo" /usr/bin/boxoffice-admin --demo demo-stop >/dev/null 2>&1 || true
    fi
    if [ "$installed" = 1 ]; then   # a failed run leaves no package behind either
        "${apt_get[@]}" purge -y boxoffice >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step "validate: lintian, desktop-file-validate, appstreamcli"
# Tags it accepts (packaging/linux/lintian-accepted) are justified in docs/DECISIONS.md.
lintian --fail-on error,warning --suppress-tags-from-file packaging/linux/lintian-accepted "$deb"
dpkg-deb -x "$deb" "$work/root"
desktop-file-validate "$work"/root/usr/share/applications/*.desktop
appstreamcli validate --no-net "$work"/root/usr/share/metainfo/*.metainfo.xml

step "install with apt"
installed=1
"${apt_get[@]}" install -y "$deb"
dpkg-query -L boxoffice | sort >"$work/files.txt"
echo "ci-deb: $(wc -l <"$work/files.txt") paths installed"

step "every library comes from a declared dependency"
# The installed programs, and the Qt plugins they load at run time (SQL driver, X11 platform).
qt_plugins=$(dpkg-query -L libqt6sql6-psql libqt6sql6-sqlite libqt6gui6 |
    grep -E '/(sqldrivers/libqsqlpsql|sqldrivers/libqsqlite|platforms/libqxcb)\.so$')
mapfile -t libs < <(for f in /usr/bin/boxoffice /usr/bin/boxoffice-admin /usr/bin/boxoffice-bench /usr/bin/boxoffice-door /usr/bin/boxoffice-kiosk /usr/bin/boxoffice-paysim /usr/bin/boxoffice-service $qt_plugins; do
    ldd "$f" | awk '/not found/ {print "MISSING:" $1} /=> \// {print $3}'
done | sort -u)
if printf '%s\n' "${libs[@]}" | grep '^MISSING:'; then
    echo "ci-deb: the libraries above are not installed" >&2
    exit 1
fi
# Their packages, in one dpkg query (Debian 12 registers some libraries under /lib while ldd may
# name /usr/lib, so each is asked under both names, and as the file its symlink points to).
paths=$(for lib in "${libs[@]}" $qt_plugins; do
    real=$(readlink -f "$lib")
    printf '%s\n' "$lib" "$real" "${lib#/usr}" "${real#/usr}"
done | sort -u)
# shellcheck disable=SC2086 # one argument per path
owned=$({ dpkg-query -S $paths 2>/dev/null || true; })   # "pkg[, pkg]: /path" per line
owners=$(echo "$owned" | sed 's/: \/.*//' | tr ',' '\n' | sed 's/^ *//; s/:.*//' | sort -u)
owned_paths=$(echo "$owned" | sed 's/^[^/]*: //' | sort -u)
for lib in "${libs[@]}"; do
    real=$(readlink -f "$lib")
    found=0
    for p in "$lib" "$real" "${lib#/usr}" "${real#/usr}"; do
        if grep -qxF "$p" <<<"$owned_paths"; then found=1; fi
    done
    if [ "$found" -eq 0 ]; then
        echo "ci-deb: $lib belongs to no package" >&2
        exit 1
    fi
done
# The installed packages boxoffice needs: its Depends and Pre-Depends, recursively, a virtual
# package standing for every installed package that provides it; Recommends do not count.
closure=$(dpkg-query -W -f '${db:Status-Abbrev}|${Package}|${Provides}|${Depends}, ${Pre-Depends}\n' |
    awk -F'|' '
    function name(s) { sub(/^ */, "", s); sub(/[ (:].*/, "", s); return s }
    $1 ~ /^ii/ {
        installed[$2] = 1; deps[$2] = $4
        n = split($3, p, ","); for (i = 1; i <= n; i++) providers[name(p[i])] = providers[name(p[i])] " " $2
    }
    END {
        queue[1] = "boxoffice"; head = 1; tail = 1; seen["boxoffice"] = 1
        while (head <= tail) {
            pkg = queue[head++]; print pkg
            n = split(deps[pkg], groups, ",")
            for (i = 1; i <= n; i++) {
                m = split(groups[i], alts, "|")
                for (j = 1; j <= m; j++) {
                    a = name(alts[j]); if (a == "") continue
                    cands = (a in installed ? a : "") " " providers[a]
                    k = split(cands, c, " ")
                    for (l = 1; l <= k; l++)
                        if (c[l] != "" && !(c[l] in seen)) { seen[c[l]] = 1; queue[++tail] = c[l] }
                }
            }
        }
    }' | sort -u)
undeclared=$(comm -23 <(echo "$owners") <(echo "$closure"))
if [ -n "$undeclared" ]; then
    echo "ci-deb: needed at run time but not among the package's dependencies: ${undeclared//$'\n'/ }" >&2
    exit 1
fi
echo "ci-deb: ${#libs[@]} libraries from $(echo "$owners" | wc -l) packages, all depended on"

step "run the installed programs"
[ "$(command -v boxoffice-admin)" = /usr/bin/boxoffice-admin ]
/usr/bin/boxoffice-admin --version
/usr/bin/boxoffice-bench --help >/dev/null
/usr/bin/boxoffice-paysim --version
/usr/bin/boxoffice-service --version
/usr/bin/boxoffice-web --version
QT_QPA_PLATFORM=offscreen /usr/bin/boxoffice-door --version
QT_QPA_PLATFORM=offscreen /usr/bin/boxoffice-kiosk --version
[ -f /usr/share/applications/org.boxoffice.Kiosk.desktop ]
man -w boxoffice boxoffice-admin boxoffice-bench boxoffice-door boxoffice-kiosk boxoffice-paysim boxoffice-service boxoffice-web 2>/dev/null || ls /usr/share/man/man1/boxoffice*.1.gz
export BOXOFFICE_DEMO_DIR="$work/demo"
/usr/bin/boxoffice-admin --demo showtimes
# The demo smoke: the counter exits 0 only when it reached the showtime board online; the
# screenshot is taken while it shows.
# The screen is grabbed once a second until it has the many colours of a drawn board (an empty
# screen has one), then once more a second later, so a slow machine does not catch it half drawn.
# shellcheck disable=SC2016 # the script expands its own variables
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    /usr/bin/boxoffice --demo --quit-after 15000 & app=$!
    for _ in $(seq 12); do
        sleep 1
        import -window root "$1"
        if [ "$(convert "$1" -format %k info:)" -ge 100 ]; then
            sleep 1
            import -window root "$1"
            break
        fi
    done
    wait "$app"' shot "$work/installed-board.png"
colours=$(convert "$work/installed-board.png" -format %k info:)
if [ "$colours" -lt 100 ]; then
    echo "ci-deb: the screenshot has $colours colours: the window did not show" >&2
    exit 1
fi
cp "$work/installed-board.png" "$out/installed-board.png"
echo "ci-deb: screenshot $out/installed-board.png ($colours colours)"
/usr/bin/boxoffice-admin --demo seats next | head -5
/usr/bin/boxoffice-admin --demo demo-stop

step "purge"
"${apt_get[@]}" purge -y boxoffice
installed=0
if dpkg-query -W boxoffice >/dev/null 2>&1 && [ "$(dpkg-query -W -f '${Status}' boxoffice)" != "unknown ok not-installed" ]; then
    echo "ci-deb: boxoffice is still known to dpkg: $(dpkg-query -W -f '${Status}' boxoffice)" >&2
    exit 1
fi
left=$(while read -r path; do
    if [ -e "$path" ] && [ ! -d "$path" ]; then echo "$path"; fi
    case "$path" in */boxoffice|*/boxoffice/*) [ -d "$path" ] && echo "$path/" ;; esac
done <"$work/files.txt")
if [ -n "$left" ]; then
    echo "ci-deb: left after purge: $left" >&2
    exit 1
fi
step "passed: $(basename "$deb") $(du -k "$deb" | cut -f1) KiB, installed, ran and purged"
