#!/bin/sh
# install_expect.sh BUILD_DIR SOURCE_DIR WORK_DIR LIBDIR [NVSHMEM_HOME]: installs gsync from
# BUILD_DIR into WORK_DIR/prefix, then configures and builds the example
# projects (examples/barrier, examples/server, examples/lock) against the installed CMake package, and checks
# the pkg-config file where pkg-config exists.  Where gsync was built with NVSHMEM (NVSHMEM_HOME given), the
# package's component multi too: examples/multi (the barrier, server and queues across GPUs) against
# gsync::multi.  Compiles only: no GPU needed.
set -e
build=$1; src=$2; work=$3; libdir=${4:-lib}; nvshmem=${5:-}
rm -rf "$work"; mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
test -f "$work/prefix/include/gsync/gsync.cuh"
test -f "$work/prefix/$libdir/cmake/gsync/gsyncConfig.cmake"
cmake -S "$src/examples/barrier" -B "$work/example" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CUDA_COMPILER="${CUDACXX:-nvcc}" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/example" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
test -x "$work/example/barrier_example"
cmake -S "$src/examples/server" -B "$work/server" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CUDA_COMPILER="${CUDACXX:-nvcc}" >"$work/configure-server.log" 2>&1 || { cat "$work/configure-server.log"; exit 1; }
cmake --build "$work/server" >"$work/build-server.log" 2>&1 || { cat "$work/build-server.log"; exit 1; }
test -x "$work/server/server_example"
cmake -S "$src/examples/lock" -B "$work/lock" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CUDA_COMPILER="${CUDACXX:-nvcc}" >"$work/configure-lock.log" 2>&1 || { cat "$work/configure-lock.log"; exit 1; }
cmake --build "$work/lock" >"$work/build-lock.log" 2>&1 || { cat "$work/build-lock.log"; exit 1; }
test -x "$work/lock/lock_example"
if [ -n "$nvshmem" ]; then
  test -f "$work/prefix/$libdir/cmake/gsync/gsyncMultiTargets.cmake" || { echo "gsync::multi was not installed"; exit 1; }
  cmake -S "$src/examples/multi" -B "$work/multi" -DCMAKE_PREFIX_PATH="$work/prefix" -DNVSHMEM_HOME="$nvshmem" \
    -DCMAKE_CUDA_COMPILER="${CUDACXX:-nvcc}" >"$work/configure-multi.log" 2>&1 || { cat "$work/configure-multi.log"; exit 1; }
  cmake --build "$work/multi" >"$work/build-multi.log" 2>&1 || { cat "$work/build-multi.log"; exit 1; }
  test -x "$work/multi/multi_example" && test -x "$work/multi/multi_server_example"
  echo "gsync::multi installed, and examples/multi built against it"
fi
if command -v pkg-config >/dev/null 2>&1; then
  flags=$(PKG_CONFIG_PATH="$work/prefix/$libdir/pkgconfig" pkg-config --cflags --libs gsync)
  inc=$(echo "$flags" | sed -n 's/^-I\([^ ]*\).*/\1/p') # the first -I: gsync's (the CUDA runtime's follows)
  case "$flags" in *"-lgsync_host"*) ;; *) echo "pkg-config gave '$flags'"; exit 1 ;; esac
  test -f "$inc/gsync/gsync.cuh" || { echo "pkg-config's include folder $inc has no gsync/gsync.cuh"; exit 1; }
  # the host module from plain C, as the README says: compiled and linked with the C compiler and pkg-config alone
  if command -v cc >/dev/null 2>&1; then
    printf '%s\n' '#include <gsync/host.h>' '#include <stdio.h>' \
      'int main(void) { gs_barrier_t b; const dim3 k = {256u, 1u, 1u};' \
      '  printf("%d %d %s\n", (int)gs_server_check_launch(528u, k, 26u, 1024u),' \
      '         (int)gs_barrier_plan(&b, NULL, 0u, 64u, GS_BARRIER_AUTO, 0), gs_barrier_form_name(0)); return 0; }' \
      >"$work/plain.c"
    env -u CPATH -u C_INCLUDE_PATH cc -std=c11 "$work/plain.c" $flags -o "$work/plain" >"$work/plain.log" 2>&1 ||
      { echo "a plain C program did not build with pkg-config's flags:"; cat "$work/plain.log"; exit 1; }
  fi
fi
echo "installed, and the example projects built against it"
