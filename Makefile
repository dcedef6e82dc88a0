# The two commands of the quick start:
#   make run    configure, build gsync-bench alone (quietly) and run its quick suite on GPU 0
#   make run-full  every primitive over the whole sweep (minutes)
#   make sanitize  compute-sanitizer over every primitive (a GPU machine)
#   make figures   the figures of bench/results (a Python virtual environment in build/)
#   make nvshmem   NVSHMEM and NCCL (pip wheels nvidia-nvshmem-cu13, nvidia-nccl-cu13) into $(BUILD)/venv,
#                  for gsync-bench multi (NCCL: its way ncclGrid)
#   make test   configure, build and run the tests (GPU tests skip without a GPU)
BUILD ?= build
NVCC := $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# the architecture of GPU 0 where there is one (9.0 -> 90): one architecture to compile, not CMake's
# default two (80 and 90); without a GPU, that default
ARCH ?= $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader -i 0 2>/dev/null | grep -E '^[0-9]+\.[0-9]+$$' | head -1 | tr -d .)

.PHONY: all bench-bin run run-full test sanitize nvshmem figures figures-check configure compile clean check-cuda

all: compile

check-cuda:
	@if [ -z "$(NVCC)" ]; then \
	  echo "gsync: the CUDA toolkit (nvcc, 12.0 or later) was not found: install it or put nvcc on PATH" >&2; exit 1; fi
	@command -v cmake >/dev/null || { echo "gsync: cmake 3.24 or later is needed" >&2; exit 1; }

# a configure that failed leaves no Makefile in $(BUILD), so the next make configures again;
# its output goes to $(BUILD)/configure.log (shown when it fails)
configure: check-cuda
	@mkdir -p $(BUILD)
	@[ -f $(BUILD)/Makefile ] || CUDACXX=$(NVCC) cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  $(if $(ARCH),-DCMAKE_CUDA_ARCHITECTURES=$(ARCH)) > $(BUILD)/configure.log 2>&1 || { cat $(BUILD)/configure.log; rm -f $(BUILD)/Makefile; exit 1; }

compile: configure
	cmake --build $(BUILD) -j $(JOBS)

# gsync-bench alone, quietly (one line; the log in $(BUILD)/build-run.log): what make run needs
bench-bin: configure
	@echo "gsync: building gsync-bench ($(JOBS) jobs; the log: $(BUILD)/build-run.log) ..."
	@cmake --build $(BUILD) --target gsync-bench -j $(JOBS) > $(BUILD)/build-run.log 2>&1 || \
	  { tail -40 $(BUILD)/build-run.log; exit 1; }

run: bench-bin
	./$(BUILD)/gsync-bench --device 0

run-full: bench-bin
	./$(BUILD)/gsync-bench suite --full --device 0

# figures from the committed CSVs (bench/results/<gpu>/figures/*.png, .svg),
# with matplotlib pinned in tools/requirements-figures.txt, in $(BUILD)/venv
figures:
	@[ -x $(BUILD)/venv/bin/python ] || python3 -m venv $(BUILD)/venv
	@$(BUILD)/venv/bin/pip install -q -r tools/requirements-figures.txt
	$(BUILD)/venv/bin/python tools/plot.py bench/results

# NVSHMEM and NCCL (its device API, 2.28 or later) for `gsync-bench multi`,
# then a fresh configure that finds them
nvshmem: check-cuda
	@[ -x $(BUILD)/venv/bin/python ] || python3 -m venv $(BUILD)/venv
	$(BUILD)/venv/bin/pip install -q nvidia-nvshmem-cu13 'nvidia-nccl-cu13>=2.28'
	CUDACXX=$(NVCC) cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -U 'GSYNC_NVSHMEM*' -U 'GSYNC_NCCL*' | \
	  grep -e "gsync: NVSHMEM" -e "gsync: NCCL"

# figures twice, with two hash seeds: the same bytes both times
figures-check: figures
	@rm -rf $(BUILD)/figures-a && mkdir -p $(BUILD)/figures-a && cp -r bench/results $(BUILD)/figures-a/
	@PYTHONHASHSEED=1 $(BUILD)/venv/bin/python tools/plot.py $(BUILD)/figures-a/results >/dev/null
	@PYTHONHASHSEED=2 $(BUILD)/venv/bin/python tools/plot.py bench/results >/dev/null
	@diff -r -q $(BUILD)/figures-a/results bench/results && echo "figures: the same bytes twice"

# compute-sanitizer over every primitive (a GPU machine): build/sanitize.csv and .log
sanitize: check-cuda
	tools/sanitize.sh $(BUILD)

test: compile
	cd $(BUILD) && ctest --output-on-failure

clean:
	rm -rf $(BUILD)
