SAN_TOOLS="memcheck racecheck" SAN_FAMILY=relaxed tools/sanitize.sh OUT   # then OUT/sanitize.csv
