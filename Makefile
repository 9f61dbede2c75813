# Memprof Viewer: the two set-up commands of the README.
#   make run  [DUMP=file.bin]  install build deps (apt, as root), build, open the viewer
#   make test                  the same set-up, then every test through CTest
# Everything else is CMake; this file only wraps it.

BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Warnings are errors in CI (CI=true) and wherever WERROR=ON is given.
# Unset, a build folder keeps the choice it was configured with: a `make run`
# after CI's `make test` reconfigures nothing and rebuilds nothing.
WERROR ?= $(if $(filter true,$(CI)),ON,)
werror_flag = $(if $(WERROR),-DMEMPROF_WERROR=$(WERROR),)

# Debian packages the build and the tests need (build deps, Qt's offscreen and
# xcb platforms, the desktop-integration checkers; protobuf, zlib and Go for
# the exports and the go tool pprof that reads them back; Tarantool, YAML,
# MessagePack and QtKeychain for recording, GNOME's keyring for its tests).
DEPS = cmake g++ make ninja-build pkg-config \
       qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev \
       libqcustomplot-dev libabsl-dev \
       xvfb xauth xz-utils hicolor-icon-theme \
       shared-mime-info desktop-file-utils libglib2.0-bin appstream dpkg-dev file \
       clang libclang-rt-14-dev \
       libprotobuf-dev protobuf-compiler zlib1g-dev golang-go python3-jsonschema \
       libyaml-cpp-dev libmsgpack-dev tarantool qtkeychain-qt6-dev gnome-keyring

.PHONY: all deps configure build run test bench clean

all: build

deps:
	@missing=""; \
	for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	  else \
	    echo "Missing build dependencies. Run:"; \
	    echo "  sudo apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi

# Ninja: the objects of every library compile side by side, where make
# builds one library target after the other. A build folder made before
# keeps the generator it was made with.
generator = $(if $(wildcard $(1)/CMakeCache.txt),,-G Ninja)

configure: deps
	cmake -S . -B $(BUILD_DIR) $(call generator,$(BUILD_DIR)) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(werror_flag)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# With no DUMP, the viewer opens the bundled sample profile.
# Only the viewer is built first (the tests take minutes more): a window
# opens as soon as its own target is ready.
DUMP ?= resources/sample/medium.bin
run: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target memprof-viewer
	$(BUILD_DIR)/app/memprof-viewer $(DUMP)

# The second run: the whole suite built with AddressSanitizer and UBSan in its
# own directory. Any report aborts its test. Leaks are checked; the only
# suppressions are third-party frames (tests/hardening/lsan.supp).
ASAN_BUILD_DIR ?= build-asan
SANITIZER_ENV = \
  ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1 \
  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/hardening/lsan.supp:print_suppressions=0

test: build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)
	cmake -S . -B $(ASAN_BUILD_DIR) $(call generator,$(ASAN_BUILD_DIR)) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(werror_flag) \
	      -DMEMPROF_SANITIZE=ON -DMEMPROF_FUZZ=OFF
	cmake --build $(ASAN_BUILD_DIR) -j $(JOBS)
	# The packaging tests check the install layout and the .deb, not memory
	# safety: they ran in the first pass; a .deb of sanitized binaries is no use.
	cd $(ASAN_BUILD_DIR) && $(SANITIZER_ENV) QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS) -E '^packaging_'

bench: build
	$(BUILD_DIR)/bench/memprof-bench --generate $(BUILD_DIR)/bench-200mb.bin --size 200M
	$(BUILD_DIR)/bench/memprof-bench $(BUILD_DIR)/bench-200mb.bin

clean:
	rm -rf $(BUILD_DIR) $(ASAN_BUILD_DIR)
