SAN_TOOLS=racecheck SAN_FAMILY=local tools/sanitize.sh OUT   # then OUT/sanitize.csv
