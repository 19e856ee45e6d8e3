#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CI step for the Windows installer (issue 17), on a Debian machine where packaging/install-deps.sh
# ran: cross-builds the 64-bit NSIS installer (packaging/build-windows.sh), installs it silently into
# a fresh wine prefix, prepares a private Linux PostgreSQL on loopback with the INSTALLED
# boxoffice-admin.exe (setup-server with a terminal login, seed-demo), prints `seats next` through
# that terminal login, opens the installed boxoffice.exe on the board (a screenshot:
# docs/screenshots/windows-board.png, or BOXOFFICE_WINDOWS_SCREENSHOT), then uninstalls silently and
# checks that the install folder is gone. Says how long each phase took. Exit status 0 only when
# every step passed.
# Every wine program runs on one private Xvfb display, started before the wine prefix: wine's desktop
# process (explorer.exe) is started by the first program of a wineserver session and keeps the
# display it found, so a console program run without one would leave the counter's windows with no
# display driver ("CreateWindowEx failed") when it starts within the same session.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
root=$(pwd)
screenshot=${BOXOFFICE_WINDOWS_SCREENSHOT:-$root/docs/screenshots/windows-board.png}

work=$(mktemp -d /tmp/boxoffice-ci-windows-XXXXXX)
chmod 755 "$work"
# err+winediag: wine's own diagnosis of a missing display driver stays visible.
export WINEPREFIX="$work/wine" WINEDEBUG=-all,err+winediag WINEDLLOVERRIDES="mscoree,mshtml="
pgdata="$work/pg/data"
pg_ctl=""
xvfb_pid=""
cleanup() {
    if [ -n "$pg_ctl" ]; then
        as_postgres "$pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
    fi
    if [ -d "$WINEPREFIX" ]; then
        wineserver -k >/dev/null 2>&1 || true
    fi
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

started=$(date +%s)
phase_start=$started
timings=()
phase() {
    local now
    now=$(date +%s)
    timings+=("$(printf '%-34s %4d s' "$1" $((now - phase_start)))")
    echo "ci-windows: $1 done in $((now - phase_start)) s"
    phase_start=$now
}

echo "== ci-windows: build the installer"
BOXOFFICE_SKIP_DEPS=1 bash packaging/build-windows.sh
installer=$(ls build/windows-mingw/packages/boxoffice-*-win64.exe)
echo "ci-windows: $installer, $(stat -c %s "$installer") bytes"
phase "build (cross-compile + cpack)"

echo "== ci-windows: a private Xvfb display, a fresh wine prefix"
# Xvfb picks a free display number and writes it to fd 3 once it accepts clients.
Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 1 50); do
    [ -s "$work/display" ] && break
    sleep 0.2
done
[ -s "$work/display" ] || { echo "ci-windows: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -1 "$work/display")"
wineboot -i >"$work/wineboot.log" 2>&1
# A program that crashes prints wine's backtrace and ends instead of waiting on a crash dialog.
wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null
wineserver -w
phase "Xvfb + wine prefix"

echo "== ci-windows: silent install"
wine "$installer" /S
wineserver -w
install_dir="$WINEPREFIX/drive_c/Program Files/Box office"
for f in boxoffice.exe boxoffice-admin.exe Uninstall.exe platforms/qwindows.dll sqldrivers/qsqlpsql.dll; do
    [ -f "$install_dir/$f" ] || { echo "ci-windows: $f is not installed in $install_dir" >&2; exit 1; }
done
[ -f "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Box office/Box office.lnk" ] \
    || { echo "ci-windows: no Start-menu shortcut" >&2; exit 1; }
wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Box office' >"$work/arp.txt"
if ! grep -q 'DisplayVersion' "$work/arp.txt" || ! grep -q 'Publisher' "$work/arp.txt"; then
    echo "ci-windows: no version or publisher in Add/Remove Programs" >&2
    cat "$work/arp.txt" >&2
    exit 1
fi
admin='C:\Program Files\Box office\boxoffice-admin.exe'
counter='C:\Program Files\Box office\boxoffice.exe'
wine "$admin" --version
phase "silent install"

echo "== ci-windows: private PostgreSQL on loopback, prepared by the installed boxoffice-admin.exe"
pgbin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin | sort -V | tail -1)
pg_ctl="$pgbin/pg_ctl"
mkdir -p "$work/pg"
superuser_pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
terminal_pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$superuser_pw" >"$work/pg/pw"
if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres: "$work/pg"
fi
as_postgres "$pgbin/initdb" -D "$pgdata" -U postgres --pwfile="$work/pg/pw" --auth-local=trust \
    --auth-host=scram-sha-256 --no-sync >"$work/initdb.log"
port=""
for p in $(seq 55432 55532); do
    if ! (: </dev/tcp/127.0.0.1/"$p") 2>/dev/null; then port=$p; break; fi
done
as_postgres "$pg_ctl" -D "$pgdata" -l "$work/pg/server.log" -w -o \
    "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='$work/pg' -c fsync=off" start >/dev/null
owner_db="host=127.0.0.1 port=$port user=postgres password=$superuser_pw"
printf '%s\n' "$terminal_pw" | wine "$admin" --db "$owner_db dbname=postgres" setup-server \
    --terminal-login till_win --password-stdin
wine "$admin" --db "$owner_db dbname=boxoffice" seed-demo
terminal_db="host=127.0.0.1 port=$port dbname=boxoffice user=till_win password=$terminal_pw"
wine "$admin" --db "$terminal_db" seats next >"$work/seats.txt"
head -8 "$work/seats.txt"
# The map: a row letter, then its seats.
grep -Eq '^ *[A-Z] ' "$work/seats.txt" || { echo "ci-windows: seats next printed no seat map" >&2; exit 1; }
phase "PostgreSQL + setup-server + seats"

echo "== ci-windows: the installed boxoffice.exe on the board (Xvfb $DISPLAY)"
mkdir -p "$(dirname "$screenshot")"
cat >"$work/gui.sh" <<'GUI'
set -euo pipefail
# Bounded: the app quits by itself after 40 s; one that does not within 90 s fails the step.
timeout -k 10 90 wine "$COUNTER" --db "$TERMINAL_DB" --terminal till-win --lang en --quit-after 40000 &
app=$!
# The board is up once the window shows the showtimes; under wine the first start takes a while.
shown=0
for _ in $(seq 1 30); do
    sleep 2
    if xwininfo -root -tree 2>/dev/null | grep -q 'Box office'; then shown=1; break; fi
done
if [ "$shown" -ne 1 ]; then
    echo "ci-windows: the counter's window never appeared" >&2
    exit 1
fi
sleep 8
# The whole screen, trimmed to the window (no window manager: the rest is black).
import -window root png:- | convert png:- -trim +repage "$SHOT"
if ! wait "$app"; then
    echo "ci-windows: the counter did not reach the board and quit by itself within 90 s" >&2
    exit 1
fi
GUI
COUNTER="$counter" TERMINAL_DB="$terminal_db" SHOT="$screenshot" bash "$work/gui.sh"
echo "ci-windows: the board loaded online (exit 0); screenshot $screenshot"
phase "counter app under Xvfb + screenshot"

echo "== ci-windows: silent uninstall"
wine "$install_dir/Uninstall.exe" /S
wineserver -w
if [ -e "$install_dir" ]; then
    echo "ci-windows: the uninstaller left files behind:" >&2
    find "$install_dir" >&2
    exit 1
fi
if [ -e "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Box office" ]; then
    echo "ci-windows: the uninstaller left the Start-menu folder" >&2
    exit 1
fi
if wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Box office' >/dev/null 2>&1; then
    echo "ci-windows: the uninstaller left its Add/Remove Programs entry" >&2
    exit 1
fi
phase "silent uninstall"

echo "== ci-windows: passed in $(( $(date +%s) - started )) s"
printf '  %s\n' "${timings[@]}"
