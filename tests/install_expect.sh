#!/bin/sh
# install_expect.sh BUILD_DIR SOURCE_DIR WORK_DIR LIBDIR: installs gsync from
# BUILD_DIR into WORK_DIR/prefix, then configures and builds the example
# projects (examples/barrier, examples/server) against the installed CMake package, and checks
# the pkg-config file where pkg-config exists.  Compiles only: no GPU needed.
set -e
build=$1; src=$2; work=$3; libdir=${4:-lib}
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
if command -v pkg-config >/dev/null 2>&1; then
  flags=$(PKG_CONFIG_PATH="$work/prefix/$libdir/pkgconfig" pkg-config --cflags --libs gsync)
  inc=$(echo "$flags" | sed -n 's/.*-I\([^ ]*\).*/\1/p')
  case "$flags" in *"-lgsync_host"*) ;; *) echo "pkg-config gave '$flags'"; exit 1 ;; esac
  test -f "$inc/gsync/gsync.cuh" || { echo "pkg-config's include folder $inc has no gsync/gsync.cuh"; exit 1; }
fi
echo "installed, and the example projects built against it"
