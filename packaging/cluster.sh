#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# A three-node PostgreSQL 15 cluster with automatic failover on this machine, on loopback ports,
# for demos, tests and operators to try (docs/DECISIONS.md, "Failover: Patroni").
# One etcd member holds the leader lock; three Patroni agents each run one PostgreSQL node in
# strict synchronous mode. No systemd: plain background processes whose ids are kept in DIR.
#
#   packaging/cluster.sh up DIR [--port BASE] [--admin PATH] [-- SETUP-SERVER OPTIONS...]
#   packaging/cluster.sh status DIR        the members and their roles (patronictl list)
#   packaging/cluster.sh primary DIR       the port of the node that is primary now
#   packaging/cluster.sh down DIR          stops everything started by `up` (DIR stays)
#   packaging/cluster.sh start DIR         starts again what `down` stopped, or a node that died
#
# `up` creates DIR (it must not hold a cluster yet), starts etcd and the three nodes, waits (at
# most BOXOFFICE_CLUSTER_WAIT seconds, default 90) for a primary with a synchronous standby,
# then runs `boxoffice-admin setup-server` on the primary: the boxoffice database, migrated,
# with the roles (options after `--` are passed on, e.g. --terminal-login till1
# --generate-password). It writes:
#   DIR/conninfo          the superuser's multi-host connection string (target_session_attrs=read-write)
#   DIR/superuser.password
#   DIR/ports             "pg1 pg2 pg3 rest1 rest2 rest3 etcd-client etcd-peer" (while running;
#                         DIR/ports.saved keeps them for `start`)
# `start` starts etcd and each Patroni agent of DIR that is not running (all of them after `down`,
# one after it was killed) on the same ports and data, and waits as `up` does; nothing is set up.
# PostgreSQL ports are BASE, BASE+1, BASE+2 (default 5441), Patroni's REST API BASE+100..+102,
# etcd BASE+200 (clients) and BASE+201 (peers). As root, the servers run as the postgres user.
#
# Ports in the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range) are refused.
# Exit status: 0 done, 2 bad usage or DIR in the wrong state, 1 the cluster did not come up (its
# logs are in DIR/*.log; `down` still cleans up), 77 the failover packages are not installed.
set -euo pipefail

usage() {
    sed -n '10,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
die() {
    echo "cluster.sh: $1" >&2
    exit "${2:-1}"
}

[ $# -ge 2 ] || usage
command=$1
dir=$2
shift 2
base=5441
admin=""
setup_args=()
while [ $# -gt 0 ]; do
    case $1 in
        --port) [ $# -ge 2 ] || usage; base=$2; shift 2 ;;
        --admin) [ $# -ge 2 ] || usage; admin=$2; shift 2 ;;
        --) shift; setup_args=("$@"); break ;;
        *) die "unknown option '$1'" 2 ;;
    esac
done
[[ $base =~ ^[0-9]+$ ]] && [ "$base" -ge 1024 ] && [ "$base" -le 64000 ] ||
    die "--port wants a number from 1024 to 64000, not '$base'" 2
# The kernel gives outgoing connections local ports from this range at random: a server placed
# there finds its port taken now and then (etcd, or a node that never starts).
if [ "$command" = up ] && read -r low high </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null &&
    [ $((base + 201)) -ge "$low" ] && [ "$base" -le "$high" ]; then
    die "ports $base-$((base + 201)) overlap the ephemeral port range $low-$high that outgoing connections take their ports from: choose --port below $((low - 202)) or above $high" 2
fi

pg_bin=/usr/lib/postgresql/15/bin
wait_limit=${BOXOFFICE_CLUSTER_WAIT:-90}

need_packages() {
    local missing=()
    command -v patroni >/dev/null || missing+=(patroni)
    command -v etcd >/dev/null || missing+=(etcd-server)
    /usr/bin/python3 -c 'import etcd' 2>/dev/null || missing+=(python3-etcd)
    [ -x "$pg_bin/postgres" ] || missing+=(postgresql-15)
    [ ${#missing[@]} -eq 0 ] ||
        die "missing Debian packages: ${missing[*]} (bash packaging/install-deps.sh installs them)" 77
}

# The port of the node that answers as primary now ("" when none does).
primary_port() {
    local p
    for p in $(head -c 200 "$dir/ports" | cut -d' ' -f1-3); do
        if PGPASSWORD=$(cat "$dir/superuser.password") PGCONNECT_TIMEOUT=2 \
            "$pg_bin/psql" -XAtq "host=127.0.0.1 port=$p user=postgres dbname=postgres" \
            -c 'SELECT NOT pg_is_in_recovery()' 2>/dev/null | grep -qx t; then
            echo "$p"
            return 0
        fi
    done
    echo ""
}

# How many synchronous standbys the primary on port $1 has (0 when it cannot say).
sync_standbys() {
    PGPASSWORD=$(cat "$dir/superuser.password") PGCONNECT_TIMEOUT=2 "$pg_bin/psql" -XAtq \
        "host=127.0.0.1 port=$1 user=postgres dbname=postgres" \
        -c "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync' AND state = 'streaming'" \
        2>/dev/null || echo 0
}

write_node() {
    local n=$1 pg=$2 rest=$3 etcd_client=$4 repl=$5 super=$6
    cat >"$dir/pg$n.yml" <<EOF
scope: boxoffice
name: pg$n
restapi:
  listen: 127.0.0.1:$rest
  connect_address: 127.0.0.1:$rest
# etcd's v2 protocol, not etcd3: Patroni 3.0.2's etcd3 code renews an expired leader lock by
# writing the key unconditionally, so a primary that hung past the ttl took the lock back from
# the node promoted meanwhile (the writes made there were lost); its v2 code renews by
# compare-and-swap and demotes instead (docs/DECISIONS.md, "A hung primary").
etcd:
  hosts: 127.0.0.1:$etcd_client
bootstrap:
  dcs:
    # loop_wait + 2 * retry_timeout <= ttl (Patroni 3.2 enforces it; 3.0.2 does not). The ttl is
    # how long a hung primary keeps the leader lock: 10 s, below the 20 s Patroni 3.2 and later
    # make their minimum, so a newer Patroni raises it again (docs/DECISIONS.md, "A hung primary
    # noticed sooner")
    ttl: 10
    loop_wait: 2
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    # a crashed primary fails over at once instead of being restarted in place for 300 s
    primary_start_timeout: 0
    # only a standby known to hold every acknowledged commit may be promoted, and commits wait
    # for one when none is left rather than going on unreplicated (docs/DECISIONS.md)
    synchronous_mode: true
    synchronous_mode_strict: true
    postgresql:
      use_pg_rewind: true
      parameters:
        max_connections: 300
        synchronous_commit: "on"
        wal_log_hints: "on"
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all peer
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:$pg
  connect_address: 127.0.0.1:$pg
  data_dir: $dir/pg$n
  bin_dir: $pg_bin
  pgpass: $dir/pgpass$n
  authentication:
    superuser:
      username: postgres
      password: "$super"
    replication:
      username: replicator
      password: "$repl"
    rewind:
      username: postgres
      password: "$super"
  parameters:
    unix_socket_directories: "$dir/run$n"
    password_encryption: scram-sha-256
EOF
    mkdir -p "$dir/run$n"
}

start_bg() { # name, command...: starts a process in its own session, logs to DIR/name.log
    local name=$1
    shift
    # From / : a server run as the postgres user cannot bootstrap in a working folder it cannot
    # read (a CI checkout under a root-only folder left Patroni "waiting for leader" for ever).
    if [ "$(id -u)" -eq 0 ]; then
        (cd / && exec setsid runuser -u postgres -- "$@" >>"$dir/$name.log" 2>&1 </dev/null) &
    else
        (cd / && exec setsid "$@" >>"$dir/$name.log" 2>&1 </dev/null) &
    fi
    echo $! >"$dir/$name.pid"
}

running() { # pid file: true when the process it names is alive
    [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

start_etcd() { # client port, peer port
    start_bg etcd etcd --name e1 --data-dir "$dir/etcd" --enable-v2=true \
        --listen-client-urls "http://127.0.0.1:$1" --advertise-client-urls "http://127.0.0.1:$1" \
        --listen-peer-urls "http://127.0.0.1:$2" --initial-advertise-peer-urls "http://127.0.0.1:$2" \
        --initial-cluster "e1=http://127.0.0.1:$2"
}

# Waits (bounded) for a primary with a synchronous standby; prints its port, "" when none came.
wait_for_primary() {
    local deadline=$((SECONDS + wait_limit)) primary=""
    while [ $SECONDS -lt $deadline ]; do
        if ! running "$dir/etcd.pid"; then
            echo "cluster.sh: etcd exited: $(tail -n 1 "$dir/etcd.log" 2>/dev/null)" >&2
            break
        fi
        primary=$(primary_port)
        if [ -n "$primary" ] && [ "$(sync_standbys "$primary")" -ge 1 ]; then
            echo "$primary"
            return 0
        fi
        sleep 1
    done
    echo ""
}

stop_pid_file() { # pid file, signal: signals the process group the file names
    local file=$1 signal=$2 pid
    [ -s "$file" ] || return 0
    pid=$(cat "$file")
    kill "-$signal" -- "-$pid" 2>/dev/null || kill "-$signal" "$pid" 2>/dev/null || true
}

cmd_up() {
    need_packages
    [ ! -e "$dir/pg1.yml" ] || die "$dir already holds a cluster (packaging/cluster.sh down $dir first)" 2
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -z "$admin" ]; then
        admin=$(command -v boxoffice-admin || true)
        [ -n "$admin" ] || die "boxoffice-admin not found: name it with --admin PATH" 2
    fi
    [ -x "$admin" ] || die "--admin $admin is not an executable" 2
    local pg1=$base pg2=$((base + 1)) pg3=$((base + 2))
    local etcd_client=$((base + 200)) etcd_peer=$((base + 201))
    local port
    for port in $pg1 $pg2 $pg3 $((base + 100)) $((base + 101)) $((base + 102)) $etcd_client $etcd_peer; do
        if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            die "port $port on 127.0.0.1 is taken: choose another --port" 2
        fi
    done
    umask 077
    local super repl
    super=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
    repl=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
    printf '%s' "$super" >"$dir/superuser.password"
    echo "$pg1 $pg2 $pg3 $((base + 100)) $((base + 101)) $((base + 102)) $etcd_client $etcd_peer" >"$dir/ports"
    cp "$dir/ports" "$dir/ports.saved"
    for n in 1 2 3; do
        write_node "$n" $((base + n - 1)) $((base + 99 + n)) "$etcd_client" "$repl" "$super"
    done
    mkdir -p "$dir/etcd"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R postgres: "$dir"
        chmod 755 "$dir"
    fi

    start_etcd "$etcd_client" "$etcd_peer"
    for n in 1 2 3; do
        start_bg "patroni$n" patroni "$dir/pg$n.yml"
    done

    local primary
    primary=$(wait_for_primary)
    [ -n "$primary" ] ||
        die "no primary with a synchronous standby after ${wait_limit} s; see $dir/*.log, then: $0 down $dir"

    local conninfo="host=127.0.0.1,127.0.0.1,127.0.0.1 port=$pg1,$pg2,$pg3 user=postgres dbname=postgres target_session_attrs=read-write connect_timeout=3"
    echo "$conninfo" >"$dir/conninfo"
    # On the primary alone: libpq stops at the first host that refuses the session (a standby
    # that has not replayed CREATE DATABASE yet says the database does not exist), it only skips
    # hosts that are down or read-only.
    PGPASSWORD=$super "$admin" setup-server --db "host=127.0.0.1 port=$primary user=postgres dbname=postgres" \
        "${setup_args[@]}" ||
        die "boxoffice-admin setup-server failed on the primary (port $primary)"
    echo "cluster up: primary on 127.0.0.1:$primary; superuser connection string in $dir/conninfo (password in $dir/superuser.password)"
}

cmd_down() {
    [ -d "$dir" ] || die "$dir does not exist" 2
    local n name pid deadline
    # Patroni stops its PostgreSQL on SIGTERM; etcd last, so that they can still release the lock.
    for n in 1 2 3; do
        stop_pid_file "$dir/patroni$n.pid" TERM
    done
    deadline=$((SECONDS + 30))
    for name in patroni1 patroni2 patroni3; do
        [ -s "$dir/$name.pid" ] || continue
        pid=$(cat "$dir/$name.pid")
        while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
        stop_pid_file "$dir/$name.pid" KILL
    done
    # A postmaster that outlived its agent (the agent was killed): stop it by its data folder.
    for n in 1 2 3; do
        if [ -s "$dir/pg$n/postmaster.pid" ]; then
            pid=$(head -1 "$dir/pg$n/postmaster.pid")
            if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" = "$dir/pg$n" ]; then
                kill -QUIT "$pid" 2>/dev/null || true
            fi
        fi
    done
    stop_pid_file "$dir/etcd.pid" TERM
    deadline=$((SECONDS + 10))
    pid=$(cat "$dir/etcd.pid" 2>/dev/null || true)
    while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    stop_pid_file "$dir/etcd.pid" KILL
    rm -f "$dir"/*.pid "$dir/ports"
    echo "cluster down: $dir"
}

cmd_start() {
    need_packages
    [ -e "$dir/pg1.yml" ] && [ -s "$dir/ports.saved" ] || die "$dir holds no cluster made by up" 2
    dir=$(cd "$dir" && pwd)
    local ports n primary
    read -r -a ports <"$dir/ports.saved"
    [ ${#ports[@]} -eq 8 ] || die "$dir/ports.saved is damaged" 2
    cp "$dir/ports.saved" "$dir/ports"
    running "$dir/etcd.pid" || start_etcd "${ports[6]}" "${ports[7]}"
    for n in 1 2 3; do
        running "$dir/patroni$n.pid" || start_bg "patroni$n" patroni "$dir/pg$n.yml"
    done
    primary=$(wait_for_primary)
    [ -n "$primary" ] ||
        die "no primary with a synchronous standby after ${wait_limit} s; see $dir/*.log, then: $0 down $dir"
    echo "cluster started: primary on 127.0.0.1:$primary"
}

cmd_status() {
    [ -s "$dir/ports" ] || die "$dir holds no running cluster" 2
    patronictl -c "$dir/pg1.yml" list
}

case $command in
    up) cmd_up ;;
    down) cmd_down ;;
    start) cmd_start ;;
    status) cmd_status ;;
    primary)
        [ -s "$dir/ports" ] || die "$dir holds no running cluster" 2
        p=$(primary_port)
        [ -n "$p" ] || die "no node answers as primary now"
        echo "$p"
        ;;
    *) usage ;;
esac
