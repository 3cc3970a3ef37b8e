#!/bin/sh
# record_compile.sh <status-file> <compiler command...>
#
# The compiler launcher of the conformance compile targets: runs the compile,
# writes "ok" or "error" and the first error line to <status-file> (the full
# output to <status-file>.log) and always succeeds, so that one file that
# does not compile never stops the others. A failed compile leaves no object
# (the next build compiles the file again) and an empty dependency file. The
# per-file tests read the status.
status="$1"
shift
object=""
depfile=""
previous=""
for argument in "$@"; do
  case "$previous" in
    -o) object="$argument" ;;
    -MF) depfile="$argument" ;;
  esac
  previous="$argument"
done
# ASCII quotes in the messages, so the tally can group them.
if LC_ALL=C "$@" >"$status.log" 2>&1; then
  echo ok >"$status"
else
  first=$(grep -m1 -E '(fatal )?error:' "$status.log")
  [ -n "$first" ] || first=$(head -n 1 "$status.log")
  printf 'error\n%s\n' "$first" >"$status"
  [ -n "$object" ] && rm -f "$object"
  [ -n "$depfile" ] && [ -n "$object" ] && printf '%s:\n' "$object" >"$depfile"
fi
exit 0
