#!/usr/bin/env bash
# Apache Kafka for the Kafka tests and benchmark (issue 50 §3): the broker's jars fetched from Maven Central
# by Maven (pom.xml beside this script), started in KRaft mode, no ZooKeeper, no download of a tarball.
#
#   ops/kafka/kafka.sh start  [single|cluster]   single: one node, broker 127.0.0.1:19092 (controller 19192)
#   ops/kafka/kafka.sh stop   [single|cluster]   cluster: three nodes, brokers 19292-19294 (controllers 19392-19394)
#   ops/kafka/kafka.sh status [single|cluster]
#   ops/kafka/kafka.sh fetch                     the jars only (into ~/.cache/registres-kafka/lib)
#
# Each start formats fresh storage (a random cluster id) under $KAFKA_STATE_DIR (default a directory in
# $TMPDIR): a test run never sees a previous run's topics. `start` returns once every node answers.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${KAFKA_CACHE_DIR:-$HOME/.cache/registres-kafka}
lib=$cache/lib
state_root=${KAFKA_STATE_DIR:-${TMPDIR:-/tmp}/registres-kafka-$(id -un)}
heap=${KAFKA_HEAP:--Xms128m -Xmx512m}

usage() {
  sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

fetch() {
  if [ -f "$lib/.complete" ] && [ "$(cat "$lib/.complete")" = "$(sha256sum "$here/pom.xml" | cut -c1-64)" ]; then
    return
  fi
  echo "kafka: fetching the broker's jars from Maven Central into $lib" >&2
  rm -rf "$lib"
  mkdir -p "$lib"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$lib" >&2
  sha256sum "$here/pom.xml" | cut -c1-64 >"$lib/.complete"
}

# Node ids, broker ports and controller ports of a layout.
nodes_of() {
  case $1 in
    single) echo "1:19092:19192" ;;
    cluster) echo "1:19292:19392 2:19293:19393 3:19294:19394" ;;
    *) usage ;;
  esac
}

voters_of() {
  local v="" n id port ctl
  for n in $(nodes_of "$1"); do
    IFS=: read -r id port ctl <<<"$n"
    v="${v:+$v,}$id@127.0.0.1:$ctl"
  done
  echo "$v"
}

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

write_properties() {
  local layout=$1 id=$2 port=$3 ctl=$4 dir=$5 replicas=$6
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=$id
controller.quorum.voters=$(voters_of "$layout")
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$ctl
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
num.partitions=3
default.replication.factor=$replicas
offsets.topic.replication.factor=$replicas
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=$replicas
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=$replicas
share.coordinator.state.topic.min.isr=1
min.insync.replicas=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.segment.bytes=67108864
num.network.threads=2
num.io.threads=2
background.threads=2
log.cleaner.enable=false
EOF
}

start() {
  local layout=${1:-single} root n id port ctl dir cid replicas=1 java_opts
  fetch
  root=$state_root/$layout
  if status "$layout" >/dev/null 2>&1; then
    echo "kafka ($layout): already running" >&2
    return
  fi
  stop "$layout" >/dev/null 2>&1 || true
  rm -rf "$root"
  mkdir -p "$root"
  [ "$layout" = cluster ] && replicas=3
  cid=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
  # Small JVMs: the machine has two cores and others share it.
  java_opts="$heap -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true"
  java_opts="$java_opts -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.log.kafka.server=info"
  for n in $(nodes_of "$layout"); do
    IFS=: read -r id port ctl <<<"$n"
    if answers "$port" || answers "$ctl"; then
      echo "kafka ($layout): port $port or $ctl is taken" >&2
      return 1
    fi
    dir=$root/node$id
    mkdir -p "$dir/data"
    write_properties "$layout" "$id" "$port" "$ctl" "$dir" "$replicas"
    # shellcheck disable=SC2086
    java $java_opts -cp "$lib/*" kafka.tools.StorageTool format -t "$cid" -c "$dir/server.properties" \
      --ignore-formatted >"$dir/format.log" 2>&1 || {
      cat "$dir/format.log" >&2
      return 1
    }
  done
  for n in $(nodes_of "$layout"); do
    IFS=: read -r id port ctl <<<"$n"
    dir=$root/node$id
    # shellcheck disable=SC2086
    nohup java $java_opts -cp "$lib/*" kafka.Kafka "$dir/server.properties" >"$dir/server.log" 2>&1 &
    echo $! >"$dir/pid"
  done
  wait_started "$layout"
}

# Every node's broker port answers and its log says it started (the metadata quorum is formed).
wait_started() {
  local layout=$1 n id port ctl dir deadline=$((SECONDS + ${KAFKA_START_TIMEOUT:-90}))
  for n in $(nodes_of "$layout"); do
    IFS=: read -r id port ctl <<<"$n"
    dir=$state_root/$layout/node$id
    until answers "$port" && grep -q 'Kafka Server started' "$dir/server.log"; do
      if ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
        echo "kafka ($layout): node $id exited" >&2
        tail -n 30 "$dir/server.log" >&2
        return 1
      fi
      if [ $SECONDS -ge $deadline ]; then
        echo "kafka ($layout): node $id did not start in time" >&2
        tail -n 30 "$dir/server.log" >&2
        return 1
      fi
      sleep 0.5
    done
  done
  echo "kafka ($layout): up on $(brokers_of "$layout")" >&2
}

brokers_of() {
  local b="" n id port ctl
  for n in $(nodes_of "$1"); do
    IFS=: read -r id port ctl <<<"$n"
    b="${b:+$b,}127.0.0.1:$port"
  done
  echo "$b"
}

stop() {
  local layout=${1:-single} n id port ctl pidfile pid
  for n in $(nodes_of "$layout"); do
    IFS=: read -r id port ctl <<<"$n"
    pidfile=$state_root/$layout/node$id/pid
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$pidfile"
  done
  rm -rf "${state_root:?}/$layout"
  echo "kafka ($layout): stopped" >&2
}

status() {
  local layout=${1:-single} n id port ctl pidfile up=0 all=0
  for n in $(nodes_of "$layout"); do
    IFS=: read -r id port ctl <<<"$n"
    all=$((all + 1))
    pidfile=$state_root/$layout/node$id/pid
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null && answers "$port"; then
      up=$((up + 1))
      echo "node $id: up on 127.0.0.1:$port (pid $(cat "$pidfile"))"
    else
      echo "node $id: down"
    fi
  done
  [ "$up" -eq "$all" ]
}

case ${1:-} in
  fetch) fetch ;;
  start) start "${2:-single}" ;;
  stop) stop "${2:-single}" ;;
  status) status "${2:-single}" ;;
  brokers) brokers_of "${2:-single}" ;;
  *) usage ;;
esac
