SAN_TOOLS=racecheck timeout 550 tools/sanitize.sh OUT   # the same under racecheck; the 550 s limit stopped it after the mutex, sem and barrier families
