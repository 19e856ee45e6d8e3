#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# CI step for Windows, on a Debian machine where packaging/install-deps.sh ran:
#  1. cross-builds ONCE, in build/windows-mingw: the executables and the unit tests
#     (packaging/build-windows.sh with BOXOFFICE_WINDOWS_TESTS=1);
#  2. runs `ctest -L unit` on that build, every unit test a Windows program under wine
#     (packaging/windows/wine-run.sh), in a wine prefix of its own;
#  3. packs the 64-bit NSIS installer from the same build (cpack);
#  4. installs it silently into a FRESH wine prefix, prepares a private Linux PostgreSQL on loopback
#     with the INSTALLED boxoffice-admin.exe (setup-server with a terminal login, seed-demo), prints
#     `seats next` through that terminal login, sells a seat, has a manager login issue its signed
#     ticket as a PDF and checks it in at a door twice (admitted, then refused), opens the
#     installed boxoffice.exe on the board (a screenshot: docs/screenshots/windows-board.png, or
#     BOXOFFICE_WINDOWS_SCREENSHOT), the installed boxoffice-door.exe on the ticket's showtime and
#     the installed boxoffice-kiosk.exe on its attract screen (silent voice), then uninstalls silently and checks that nothing of it is left;
#  5. packs the MSI from the same build (cpack -G External: wixl), checks its tables and
#     UpgradeCode, installs it with `msiexec /i /qn` into that prefix (the same files as the NSIS
#     installer, a shortcut, Add/Remove Programs), installs the MSI of the next patch version over
#     it (a major upgrade: the older one is gone), and removes that with `msiexec /x` (nothing left).
# Says how long each phase took. Exit status 0 only when every step passed.
# BOXOFFICE_WINDOWS_SKIP_TESTS=1 leaves out the unit tests (build and phase 2), for a quick look at
# the installer by hand; CI never sets it.
# Bounded: each unit test has its ctest timeout (tests/CMakeLists.txt) and the whole ctest run at
# most BOXOFFICE_WINDOWS_TESTS_LIMIT seconds (default 1800). A test still running after
# BOXOFFICE_HANG_DUMP_AFTER seconds (default 180: ctest ends it at 300, and winedbg takes a minute
# on a loaded machine) gets a backtrace of every thread of every wine program in its session
# (winedbg "bt all") in the log before ctest's timeout ends it, so a hang is diagnosed where it
# happens. BOXOFFICE_TEST_JOBS sets ctest's parallel level (default 2).
# Every wine session runs on a private Xvfb display, started before its wine prefix: wine's desktop
# process (explorer.exe) is started by the first program of a wineserver session and keeps the
# display it found, so a console program run without one would leave the counter's windows with no
# display driver ("CreateWindowEx failed") when it starts within the same session.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
root=$(pwd)
build=$root/build/windows-mingw
screenshot=${BOXOFFICE_WINDOWS_SCREENSHOT:-$root/docs/screenshots/windows-board.png}
with_tests=1
if [ "${BOXOFFICE_WINDOWS_SKIP_TESTS:-0}" = "1" ]; then
    with_tests=0
fi
jobs=${BOXOFFICE_TEST_JOBS:-2}
limit=${BOXOFFICE_WINDOWS_TESTS_LIMIT:-1800}
dump_after=${BOXOFFICE_HANG_DUMP_AFTER:-180}

work=$(mktemp -d /tmp/boxoffice-ci-windows-XXXXXX)
chmod 755 "$work"
# err+winediag: wine's own diagnosis of a missing display driver stays visible.
# winemenubuilder off: it would copy the installers' Start-menu entries into this machine's own
# menu (~/.local/share/applications/wine), which no uninstaller removes.
export WINEDEBUG=-all,err+winediag WINEDLLOVERRIDES="mscoree,mshtml=,winemenubuilder.exe=d"
pgdata="$work/pg/data"
pg_ctl=""
xvfb_pid=""
watch_pid=""
cleanup() {
    if [ -n "$watch_pid" ]; then
        kill "$watch_pid" 2>/dev/null || true
    fi
    if [ -n "$pg_ctl" ]; then
        as_postgres "$pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
    fi
    end_session
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
    timings+=("$(printf '%-36s %4d s' "$1" $((now - phase_start)))")
    echo "ci-windows: $1 done in $((now - phase_start)) s"
    phase_start=$now
}

# A wine session: a private Xvfb display, then a fresh wine prefix $work/<name> on it, with
# ShowCrashDialog=0 (a program that crashes prints wine's backtrace and ends instead of waiting on
# a crash dialog). Exports DISPLAY and WINEPREFIX.
start_session() {
    export WINEPREFIX="$work/$1"
    # Xvfb picks a free display number and writes it to fd 3 once it accepts clients.
    Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp 3>"$work/$1.display" 2>"$work/$1.xvfb.log" &
    xvfb_pid=$!
    for _ in $(seq 1 50); do
        [ -s "$work/$1.display" ] && break
        sleep 0.2
    done
    if [ ! -s "$work/$1.display" ]; then
        echo "ci-windows: Xvfb did not start" >&2
        cat "$work/$1.xvfb.log" >&2
        exit 1
    fi
    DISPLAY=":$(head -1 "$work/$1.display")"
    export DISPLAY
    wineboot -i >"$work/$1.wineboot.log" 2>&1
    wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null
    wineserver -w
}
# Ends the wine session (every wine program of the prefix) and its display.
end_session() {
    if [ -n "${WINEPREFIX:-}" ] && [ -d "$WINEPREFIX" ]; then
        wineserver -k >/dev/null 2>&1 || true
    fi
    if [ -n "$xvfb_pid" ]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
        xvfb_pid=""
    fi
}

if [ "$with_tests" -eq 1 ]; then
    echo "== ci-windows: cross-build the executables and the unit tests (build/windows-mingw)"
else
    echo "== ci-windows: cross-build the executables (build/windows-mingw; no unit tests)"
fi
BOXOFFICE_SKIP_DEPS=1 BOXOFFICE_WINDOWS_TESTS=$with_tests BOXOFFICE_NO_INSTALLER=1 bash packaging/build-windows.sh
phase "cross-build"

# The hang detector: a test program of this prefix older than $dump_after s gets one "bt all" of
# the whole session into the log (ctest's timeout then ends it and fails the step).
watch_hangs() {
    local pid age
    while :; do
        for pid in $(pgrep -f 'tst_[a-z_]*\.exe' || true); do
            [ -e "$work/hang-$pid.txt" ] && continue
            # The Windows program itself, not wine-run.sh around it.
            # 2>/dev/null first: a test that has just ended takes its /proc entry with it.
            case "$(tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | head -1)" in
            *.exe) ;;
            *) continue ;;
            esac
            tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "WINEPREFIX=$WINEPREFIX" || continue
            age=$(ps -o etimes= -p "$pid" | tr -d ' ' || true)
            [ -n "$age" ] && [ "$age" -gt "$dump_after" ] || continue
            echo "ci-windows: $(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") still runs after ${age} s;" \
                "threads of every wine program in the session follow" >&2
            {
                timeout 120 winedbg --command "info process" 2>&1 || true
                timeout 180 winedbg --command "bt all" 2>&1 || true
            } >"$work/hang-$pid.txt"
            cat "$work/hang-$pid.txt" >&2
        done
        sleep 5
    done
}

if [ "$with_tests" -eq 1 ]; then
    echo "== ci-windows: the unit tests as Windows programs under wine (ctest -L unit -j$jobs)"
    start_session wine-tests
    # One persistent wineserver session for the whole run, its processes started by `wine reg` with
    # their output in a log: Debian's wineserver runs with -p0, so otherwise every test would start
    # a session of its own (wineboot, services, explorer: seconds each under load). The tests draw
    # offscreen (QT_QPA_PLATFORM), but wine's desktop process wants a display.
    wineserver -p >"$work/wineserver.log" 2>&1
    wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >>"$work/wineserver.log" 2>&1
    watch_hangs &
    watch_pid=$!
    status=0
    WINEDEBUG=-all timeout -k 30 "$limit" ctest --test-dir "$build" -L unit --no-tests=error \
        --output-on-failure -j"$jobs" || status=$?
    kill "$watch_pid" 2>/dev/null || true
    wait "$watch_pid" 2>/dev/null || true
    watch_pid=""
    end_session
    if [ "$status" -ne 0 ]; then
        echo "ci-windows: the unit tests under wine FAILED (ctest exit status $status)" >&2
        exit 1
    fi
    phase "unit tests under wine"
fi

echo "== ci-windows: pack the installer (cpack -G NSIS)"
rm -f "$build"/packages/boxoffice-*-win64.exe
(cd "$build" && cpack -G NSIS)
installer=$(ls "$build"/packages/boxoffice-*-win64.exe)
echo "ci-windows: $installer, $(stat -c %s "$installer") bytes"
phase "installer (cpack)"

echo "== ci-windows: a private Xvfb display, a fresh wine prefix"
start_session wine
phase "Xvfb + fresh wine prefix"

echo "== ci-windows: silent install"
wine "$installer" /S
wineserver -w
install_dir="$WINEPREFIX/drive_c/Program Files/Box office"
for f in boxoffice.exe boxoffice-admin.exe boxoffice-door.exe boxoffice-kiosk.exe Uninstall.exe platforms/qwindows.dll sqldrivers/qsqlpsql.dll \
    libsodium-23.dll libqrencode.dll; do
    [ -f "$install_dir/$f" ] || { echo "ci-windows: $f is not installed in $install_dir" >&2; exit 1; }
done
if find "$install_dir" -iname 'tst_*' | grep -q .; then
    echo "ci-windows: the installer carries test programs:" >&2
    find "$install_dir" -iname 'tst_*' >&2
    exit 1
fi
for shortcut in "Box office" "Box office door" "Box office kiosk"; do
    [ -f "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Box office/$shortcut.lnk" ] \
        || { echo "ci-windows: no Start-menu shortcut '$shortcut'" >&2; exit 1; }
done
wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Box office' >"$work/arp.txt"
if ! grep -q 'DisplayVersion' "$work/arp.txt" || ! grep -q 'Publisher' "$work/arp.txt"; then
    echo "ci-windows: no version or publisher in Add/Remove Programs" >&2
    cat "$work/arp.txt" >&2
    exit 1
fi
# What the NSIS installer put there, for the MSI to match below (its uninstaller aside).
(cd "$install_dir" && find . -type f ! -name Uninstall.exe | sort) >"$work/nsis-files.txt"
admin='C:\Program Files\Box office\boxoffice-admin.exe'
counter='C:\Program Files\Box office\boxoffice.exe'
door='C:\Program Files\Box office\boxoffice-door.exe'
kiosk='C:\Program Files\Box office\boxoffice-kiosk.exe'
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

echo "== ci-windows: tickets with the installed boxoffice-admin.exe (libsodium, libqrencode)"
# A cash sale of the first free seat by the terminal login (its cashier signed in, its shift
# open), its ticket issued and signed by a
# manager login (Ed25519, libsodium-23.dll) and drawn into a PDF with its QR code
# (libqrencode.dll), then scanned at a door: admitted once, refused the second time (exit 3).
manager_pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$manager_pw" | wine "$admin" --db "$owner_db dbname=boxoffice" create-login mgr_win \
    --role manager --password-stdin
manager_db="host=127.0.0.1 port=$port dbname=boxoffice user=mgr_win password=$manager_pw"
showtime=$(tr -d '\r' <"$work/seats.txt" | sed -n 's/^Showtime \([0-9][0-9]*\):.*/\1/p')
# A seat of a kind prints with it ("A1(premium):free"), and which hall is next depends on the
# time (Hall 3 has premium seats only): a standard or premium seat, never a wheelchair space, a
# companion seat or half a couple seat.
seat=$(tr -d '\r' <"$work/seats.txt" | grep -o '[A-Z][0-9]*\(([a-z]*)\)\{0,1\}:free' |
    grep -v '(wheelchair)\|(companion)\|(couple)' | head -1 | sed 's/[(:].*//')
[ -n "$showtime" ] && [ -n "$seat" ] || { echo "ci-windows: no free seat in the map" >&2; exit 1; }
# Cash is taken only at a till with a member signed in and its shift open: the manager adds a
# cashier, who signs in at this till (PIN on standard input) and opens the shift.
cashier=$(printf '482913\n' | wine "$admin" --db "$manager_db" staff-add "Win Cashier" --role cashier --json |
    tr -d '\r' | grep -o '"number": *[0-9]*' | grep -o '[0-9]*$' || true)
[ -n "$cashier" ] || { echo "ci-windows: staff-add gave no staff number" >&2; exit 1; }
printf '482913\n' | wine "$admin" --db "$terminal_db" sign-in --staff "$cashier" --json >/dev/null
wine "$admin" --db "$terminal_db" shift-open --float 0 --json >/dev/null
wine "$admin" --db "$terminal_db" sell "$showtime" "$seat" --pay cash --json | tr -d '\r' >"$work/sold.json"
booking=$(grep -o '"booking": *"[A-Z0-9]\{4\}-[A-Z0-9]\{4\}"' "$work/sold.json" | head -1 |
    grep -o '[A-Z0-9]\{4\}-[A-Z0-9]\{4\}' || true)
[ -n "$booking" ] || { echo "ci-windows: the sale gave no booking code" >&2; cat "$work/sold.json" >&2; exit 1; }
wine "$admin" --db "$manager_db" ticket "$booking" --pdf "Z:$work/ticket.pdf" --json | tr -d '\r' >"$work/ticket.json"
payload=$(grep -o '"payload": *"[A-Z2-7]*"' "$work/ticket.json" | head -1 | grep -o '[A-Z2-7]\{140\}' || true)
[ -n "$payload" ] || { echo "ci-windows: the ticket has no 140-character payload" >&2; cat "$work/ticket.json" >&2; exit 1; }
[ "$(head -c 5 "$work/ticket.pdf")" = "%PDF-" ] || { echo "ci-windows: the ticket PDF was not written" >&2; exit 1; }
wine "$admin" --db "$terminal_db" checkin "$payload" --door Main --json
status=0
wine "$admin" --db "$terminal_db" checkin "$payload" --door Main --json || status=$?
[ "$status" -eq 3 ] || { echo "ci-windows: a second scan of the ticket was not refused (exit $status)" >&2; exit 1; }
echo "ci-windows: booking $booking ticketed ($(stat -c %s "$work/ticket.pdf") bytes of PDF), admitted once"
phase "tickets: issue, PDF, check-in"

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

echo "== ci-windows: the installed boxoffice-door.exe on the ticketed showtime (Xvfb $DISPLAY)"
# Bounded as the counter: it quits by itself after 20 s, with exit 0 only when it loaded online.
timeout -k 10 60 wine "$door" --db "$terminal_db" --door Main --showtime "$showtime" --windowed --lang en \
    --quit-after 20000 || { echo "ci-windows: the door did not load online and quit by itself" >&2; exit 1; }
echo "ci-windows: the door loaded showtime $showtime online (exit 0)"
phase "door app under Xvfb"

# The kiosk has no voice on Windows (the prefix has no Qt TextToSpeech): it must still
# start, reach the attract screen online and say in its log that the voice is silent.
echo "== ci-windows: the installed boxoffice-kiosk.exe reaches its attract screen (Xvfb $DISPLAY)"
kiosk_logs="$work/kiosk-logs"
mkdir -p "$kiosk_logs"
BOXOFFICE_LOG_DIR="$(winepath -w "$kiosk_logs")" timeout -k 10 60 wine "$kiosk" --db "$terminal_db" --windowed \
    --lang en --quit-after 20000 || { echo "ci-windows: the kiosk did not reach its attract screen online" >&2; exit 1; }
if ! grep -rq "voice guidance is silent" "$kiosk_logs"; then
    echo "ci-windows: the kiosk's log does not say its voice is silent:" >&2
    cat "$kiosk_logs"/* >&2 || true
    exit 1
fi
echo "ci-windows: the kiosk reached its attract screen online, voice silent as logged (exit 0)"
phase "kiosk app under Xvfb"

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

echo "== ci-windows: the MSI (cpack -G External, wixl): tables, install, upgrade, uninstall"
# Built from CPack's staging as the NSIS installer is (the same install rules and CheckDlls), and
# installed with wine's msiexec into the same prefix, now empty again (checked above).
rm -f "$build"/packages/boxoffice-*-win64.msi
(cd "$build" && cpack -G External)
msi=$(ls "$build"/packages/boxoffice-*-win64.msi)
echo "ci-windows: $msi, $(stat -c %s "$msi") bytes"
msiinfo tables "$msi" >"$work/msi-tables.txt"
for table in File Component Directory Feature Shortcut Upgrade Registry Icon; do
    grep -qx "$table" "$work/msi-tables.txt" || { echo "ci-windows: the MSI has no $table table" >&2; exit 1; }
done
msi_property() {
    msiinfo export "$1" Property | tr -d '\r' | sed -n "s/^$2\t//p"
}
upgrade_code=$(sed -n 's/^set(CPACK_BOXOFFICE_MSI_UPGRADE_CODE "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[ "$(msi_property "$msi" UpgradeCode)" = "{$upgrade_code}" ] \
    || { echo "ci-windows: the MSI's UpgradeCode is not {$upgrade_code}" >&2; exit 1; }
product=$(msi_property "$msi" ProductCode)
version=$(msi_property "$msi" ProductVersion)
arp="HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$product"
# Wine's msi puts a per-machine package's shortcuts in the installing user's Start menu; Windows
# puts them in ProgramData's. Either counts here.
msi_shortcut_dirs=("$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Box office"
    "$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Box office")
wine msiexec /i "$msi" /qn
wineserver -w
(cd "$install_dir" && find . -type f | sort) >"$work/msi-files.txt"
if ! diff -u "$work/nsis-files.txt" "$work/msi-files.txt"; then
    echo "ci-windows: the MSI and the NSIS installer do not install the same files (diff above)" >&2
    exit 1
fi
for shortcut in "Box office" "Box office door" "Box office kiosk"; do
    found=""
    for dir in "${msi_shortcut_dirs[@]}"; do
        [ -f "$dir/$shortcut.lnk" ] && found=1
    done
    [ -n "$found" ] || { echo "ci-windows: the MSI made no Start-menu shortcut '$shortcut'" >&2; exit 1; }
done
wine reg query "$arp" >"$work/msi-arp.txt"
grep -q "DisplayVersion.*$version" "$work/msi-arp.txt" && grep -q 'Publisher.*Box office developers' "$work/msi-arp.txt" \
    || { echo "ci-windows: no version or publisher in Add/Remove Programs" >&2; cat "$work/msi-arp.txt" >&2; exit 1; }
wine "$admin" --version
# A newer MSI replaces this one (the same UpgradeCode, MajorUpgrade): the next patch version,
# packed from the same build into a folder of its own.
next=$(echo "$version" | awk -F. '{ printf "%d.%d.%d", $1, $2, $3 + 1 }')
(cd "$build" && cpack -G External -D CPACK_PACKAGE_VERSION="$next" -D CPACK_PACKAGE_FILE_NAME="boxoffice-$next-win64" \
    -D CPACK_PACKAGE_DIRECTORY="$work/next") >/dev/null
next_msi=$(ls "$work"/next/boxoffice-*-win64.msi)
next_product=$(msi_property "$next_msi" ProductCode)
[ "$next_product" != "$product" ] || { echo "ci-windows: version $next has the ProductCode of $version" >&2; exit 1; }
wine msiexec /i "$next_msi" /qn
wineserver -w
if wine reg query "$arp" >/dev/null 2>&1; then
    echo "ci-windows: installing the MSI of $next left $version installed beside it" >&2
    exit 1
fi
# Into a file first: grep -q ending the pipe early would fail `wine reg` (pipefail).
wine reg query "${arp%\\*}\\$next_product" /v DisplayVersion >"$work/msi-next-arp.txt" || true
grep -q "DisplayVersion.*$next" "$work/msi-next-arp.txt" \
    || { echo "ci-windows: the MSI of $next is not in Add/Remove Programs" >&2; exit 1; }
wine msiexec /x "$next_msi" /qn
wineserver -w
if [ -e "$install_dir" ]; then
    echo "ci-windows: msiexec /x left files behind:" >&2
    find "$install_dir" >&2
    exit 1
fi
for dir in "${msi_shortcut_dirs[@]}"; do
    [ ! -e "$dir" ] || { echo "ci-windows: msiexec /x left the Start-menu folder $dir" >&2; exit 1; }
done
if wine reg query "${arp%\\*}\\$next_product" >/dev/null 2>&1; then
    echo "ci-windows: msiexec /x left its Add/Remove Programs entry" >&2
    exit 1
fi
phase "MSI: install, upgrade, uninstall"

echo "== ci-windows: passed in $(($(date +%s) - started)) s"
printf '  %s\n' "${timings[@]}"
