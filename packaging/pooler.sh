#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# A connection pooler (Debian's pgbouncer, transaction mode) in front of one PostgreSQL server on
# this machine, on a loopback port, for tests, the benchmark and operators to try
# (docs/DECISIONS.md, "500 terminals: a pooler for the statements, a session for LISTEN").
#
#   packaging/pooler.sh up DIR --port PORT --server HOST:PORT --users FILE [--pool N] [--max-server N]
#   packaging/pooler.sh down DIR           stops the pooler started by `up` (DIR stays)
#
# FILE lists the logins the pooler accepts, one per line as pgbouncer's auth_file wants them:
# "login" "password" (the password in clear or as the server stores it, SCRAM-SHA-256). The
# pooler checks a client's password and logs in to the server with the same one. --pool is the
# server sessions one login may use at once (default 4), --max-server those of all logins
# together (default 40): when it is reached, an idle session of another login is closed for the
# new one. The server sessions get the terminals' timeouts (statement 15 s, lock 3 s, idle in a
# transaction 30 s), which a client cannot send through the pooler.
# Writes DIR/pgbouncer.ini, DIR/pgbouncer.log and DIR/pgbouncer.pid. As root, pgbouncer (which
# refuses root) runs as the postgres user. Exit status: 0 done, 2 bad usage, 1 it did not start
# (see DIR/pgbouncer.log), 77 pgbouncer is not installed.
set -euo pipefail

usage() {
    sed -n '9,10p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
die() {
    echo "pooler.sh: $1" >&2
    exit "${2:-1}"
}

[ $# -ge 2 ] || usage
command=$1
dir=$2
shift 2
port="" server="" users="" pool=4 max_server=40
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || die "option '$1' wants a value" 2
    case $1 in
        --port) port=$2 ;;
        --server) server=$2 ;;
        --users) users=$2 ;;
        --pool) pool=$2 ;;
        --max-server) max_server=$2 ;;
        *) die "unknown option '$1'" 2 ;;
    esac
    shift 2
done

number_in() { [[ $1 =~ ^[0-9]+$ ]] && [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }

case $command in
up)
    number_in "$port" 1024 65535 || die "--port wants a number from 1024 to 65535, not '$port'" 2
    [[ $server =~ ^([A-Za-z0-9.-]+):([0-9]+)$ ]] || die "--server wants HOST:PORT, not '$server'" 2
    server_host=${BASH_REMATCH[1]}
    server_port=${BASH_REMATCH[2]}
    number_in "$server_port" 1 65535 || die "--server's port must be from 1 to 65535" 2
    number_in "$pool" 1 1000 || die "--pool wants a number from 1 to 1000, not '$pool'" 2
    number_in "$max_server" 1 10000 || die "--max-server wants a number from 1 to 10000, not '$max_server'" 2
    [ -r "$users" ] || die "--users wants a readable file, not '$users'" 2
    command -v pgbouncer >/dev/null ||
        die "missing Debian package: pgbouncer (bash packaging/install-deps.sh installs it)" 77
    if [ -e "$dir/pgbouncer.pid" ] && kill -0 "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; then
        die "a pooler already runs in $dir" 2
    fi
    mkdir -p "$dir"
    chmod 700 "$dir"
    install -m 600 "$users" "$dir/users.txt"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$server_host port=$server_port connect_query='SET statement_timeout = 15000; SET lock_timeout = 3000; SET idle_in_transaction_session_timeout = 30000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/users.txt
pool_mode = transaction
default_pool_size = $pool
max_db_connections = $max_server
max_client_conn = 20000
server_idle_timeout = 60
log_connections = 0
log_disconnections = 0
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
    # Every terminal keeps several client connections open: more than the default 1,024 files.
    # The limit is raised in the shell that becomes pgbouncer (runuser starts it with the soft
    # limit reset to 1,024, while the hard one stays).
    start='ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec pgbouncer -d -q "$1"'
    rm -f "$dir/pgbouncer.pid"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R postgres: "$dir"
        runuser -u postgres -- bash -c "$start" pooler "$dir/pgbouncer.ini"
    else
        bash -c "$start" pooler "$dir/pgbouncer.ini"
    fi
    for _ in $(seq 1 50); do
        if [ -s "$dir/pgbouncer.pid" ] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "pooler on 127.0.0.1:$port in front of $server_host:$server_port (pid $(cat "$dir/pgbouncer.pid"))"
            exit 0
        fi
        sleep 0.1
    done
    tail -n 5 "$dir/pgbouncer.log" >&2 2>/dev/null || true
    die "pgbouncer did not start (see $dir/pgbouncer.log)" 1
    ;;
down)
    [ -e "$dir/pgbouncer.pid" ] || exit 0
    pid=$(cat "$dir/pgbouncer.pid")
    kill -TERM "$pid" 2>/dev/null || exit 0
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || exit 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    ;;
*)
    die "unknown command '$command' (up or down)" 2
    ;;
esac
