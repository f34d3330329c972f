# CoffeeGrid: `make run` and `make test` are all a person needs on a fresh Debian machine.
# Each installs what is missing first (`make deps`), then builds.

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
# Extra arguments for the app, e.g. `make run ARGS="--scene dock"`.
ARGS ?=
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# Debian packages: what building and running needs, and what the end-to-end tests add.
RUN_PACKAGES := pkg-config libsdl2-dev libx11-dev libsdl2-image-dev libsdl2-ttf-dev libjpeg62-turbo-dev libexif-dev libpng-dev libmd-dev libdbus-1-dev libheif-dev libgif-dev libwebp-dev fonts-dejavu-core \
                fonts-wqy-microhei fonts-symbola
TEST_PACKAGES := xvfb xdotool imagemagick desktop-file-utils libjpeg-turbo-progs dbus weston x11-xserver-utils \
                 libdecor-0-plugin-1-cairo appstream man-db dpkg-dev lintian fonts-inter fonts-quicksand xclip libheif-examples webp

.PHONY: all deps test-deps build release run test test-fast bench screenshots goldens clean

all: build

# Installs only what pkg-config (or the PATH) cannot find; silent when nothing is missing.
# A fresh machine may have empty apt lists, so `apt-get update` runs before any install.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$(RUN_PACKAGES)"; \
	if [ -z "$$missing" ]; then \
	  pkg-config --exists sdl2 || missing="$$missing libsdl2-dev"; \
	  pkg-config --exists x11 || missing="$$missing libx11-dev"; \
	  pkg-config --exists SDL2_image || missing="$$missing libsdl2-image-dev"; \
	  pkg-config --exists SDL2_ttf || missing="$$missing libsdl2-ttf-dev"; \
	  pkg-config --exists libjpeg || missing="$$missing libjpeg62-turbo-dev"; \
	  pkg-config --exists libexif || missing="$$missing libexif-dev"; \
	  pkg-config --exists libpng || missing="$$missing libpng-dev"; \
	  pkg-config --exists libmd || missing="$$missing libmd-dev"; \
	  pkg-config --exists dbus-1 || missing="$$missing libdbus-1-dev"; \
	  pkg-config --exists libheif || missing="$$missing libheif-dev"; \
	  pkg-config --exists libgif || missing="$$missing libgif-dev"; \
	  pkg-config --exists libwebpdemux || missing="$$missing libwebp-dev"; \
	  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	  [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || missing="$$missing fonts-wqy-microhei"; \
	  [ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] || missing="$$missing fonts-symbola"; \
	fi; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

test-deps: deps
	@missing=""; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	command -v xdotool >/dev/null 2>&1 || missing="$$missing xdotool"; \
	[ -x /usr/bin/convert ] || missing="$$missing imagemagick"; \
	command -v desktop-file-validate >/dev/null 2>&1 || missing="$$missing desktop-file-utils"; \
	command -v cjpeg >/dev/null 2>&1 || missing="$$missing libjpeg-turbo-progs"; \
	command -v dbus-daemon >/dev/null 2>&1 || missing="$$missing dbus"; \
	command -v weston >/dev/null 2>&1 || missing="$$missing weston"; \
	command -v xrdb >/dev/null 2>&1 || missing="$$missing x11-xserver-utils"; \
	ls /usr/lib/*/libdecor/plugins-1/*.so >/dev/null 2>&1 || missing="$$missing libdecor-0-plugin-1-cairo"; \
	command -v appstreamcli >/dev/null 2>&1 || missing="$$missing appstream"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v dpkg-shlibdeps >/dev/null 2>&1 || missing="$$missing dpkg-dev"; \
	command -v lintian >/dev/null 2>&1 || missing="$$missing lintian"; \
	[ -d /usr/share/fonts/opentype/inter ] || missing="$$missing fonts-inter"; \
	[ -d /usr/share/fonts/truetype/quicksand ] || missing="$$missing fonts-quicksand"; \
	command -v xclip >/dev/null 2>&1 || missing="$$missing xclip"; \
	command -v heif-enc >/dev/null 2>&1 || missing="$$missing libheif-examples"; \
	command -v img2webp >/dev/null 2>&1 || missing="$$missing webp"; \
	if [ -n "$$missing" ]; then \
	  echo "make test-deps: installing$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

# Release builds carry the Swift runtime, Foundation and ICU's data inside the binary and no RUNPATH,
# so an installed coffeegrid runs on a machine without the toolchain (README: Installing); symbols are
# bound at load (-z now), as Debian's hardening asks.
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
RELEASE_BINARY := $(CURDIR)/.build/release/coffeegrid

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product coffeegrid

run: release
	.build/release/coffeegrid $(ARGS)

# The static release binary is built once here and shared by every test that needs it (install,
# self-containment, package); COFFEEGRID_RELEASE_BINARY tells them where it is. Everything a test needs
# is installed first, so COFFEEGRID_REQUIRE_E2E=1 makes a missing one (no Xvfb, no release binary, no
# tool) a failure, not a skip (Tests/TestEnvironment): make test, and so CI, runs every test or fails.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS) --product coffeegrid
	COFFEEGRID_REQUIRE_E2E=1 COFFEEGRID_RELEASE_BINARY=$(RELEASE_BINARY) $(SWIFT) test --skip-build

# `make test-fast`: the edit-compile-test loop. The unit and headless suites (GridCore, GridMotion, Stage,
# the app's scenes through SDL's offscreen driver, assets, the settings portal on a private bus): no Xvfb,
# no release build. Left to make test: the end-to-end suite and the sweeps — every scene and variant
# (goldens, window sizes, retained against whole frames, code captions, tracks, the inspector at every
# scale, every toolbar button) and the seeded storms and fuzzes (`make storm` runs the storm on its own);
# each is a --skip pattern (Module.Suite/testName). A test whose tool is missing is skipped and listed.
FAST_SKIP := EndToEndTests GoldenScreenshotTests WindowSizeSweepTests InputStormTests DockFuzzTests \
  PhotoDistinctnessTests RetainedFrameTests/testRetainedFramesMatchWholeFrames \
  CodePanelTests/testSymbolsEveryVariant CodePanelTests/testStylesBarsPlaygroundCellsDockAndFeed \
  ResizeAnchorTests/testStorms CafesSceneTests/testDuringARotation SceneTracksTests/testSymbolsVariants \
  SceneTracksTests/testStylesVariants GridSelectionTests/testAgreesWithASetUnderSeededOperations \
  InspectorTests/testEverySceneAtHiDPIScales InspectorTests/testVariantsOfTheTeachingScenes \
  OpaqueStoreTests/testStoresLeaveTheSamePixelsAsSDLFills ToolbarCommandTests/testAButtonsClickEnterAndKeyRunTheSameCommand
test-fast: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(foreach s,$(FAST_SKIP),--skip $(s))

# The photos suite's peers (gdk-pixbuf-thumbnailer, vipsthumbnail, djpeg; libheif's heif-enc, heif-convert
# and heif-thumbnailer) and Xvfb: installed only here.
PHOTO_PEER_PACKAGES := libgdk-pixbuf2.0-bin libvips-tools libjpeg-turbo-progs xvfb libheif-examples heif-thumbnailer
bench: release
	Peers/deps.sh $(PHOTO_PEER_PACKAGES)
	.build/release/coffeegrid bench --json bench.json

# `make bench-peers`: the cells grid (10³ … 10⁶ cells, 3 columns, 1280×800, in Xvfb) in CoffeeGrid, GTK 4's
# GridView (its default GL renderer and cairo) and Chromium's CSS grid (plain and virtualised), side by
# side in one run: first frame, CPU a frame while scrolling, memory; the table goes to peers.md, every
# figure to peers.json. Installs the peers first — only this target does. PEERS_ARGS passes options
# (e.g. PEERS_ARGS="--items 1000,10000 --programs coffeegrid,gtk-cairo"); see Peers/bench_peers.py.
# PEERS_ARGS="--suite photos": the photo viewers instead (CoffeeGrid, nsxiv's thumbnail mode and gThumb's
# browser on one folder of 200 camera JPEGs: first full screen cold and warm, scroll CPU, memory; see
# Peers/photos_peers.py), installing their packages instead of the cells suite's.
PEER_PACKAGES := xvfb libx11-6 python3-gi gir1.2-gtk-4.0 chromium fonts-dejavu-core
PHOTO_VIEWER_PACKAGES := xvfb libx11-6 libxext6 xdotool dbus nsxiv gthumb fonts-dejavu-core
PEERS_ARGS ?=
PEERS_SUITE := $(if $(filter photos --suite=photos,$(PEERS_ARGS)),photos,cells)
.PHONY: bench-peers
bench-peers: release
	Peers/deps.sh $(if $(filter photos,$(PEERS_SUITE)),$(PHOTO_VIEWER_PACKAGES),$(PEER_PACKAGES))
	/usr/bin/python3 Peers/bench_peers.py --coffeegrid $(RELEASE_BINARY) --json peers.json --markdown peers.md $(PEERS_ARGS)

# Every scene and variant, headless, at 390×844, 844×390 and 320×320, into docs/screenshots/.
screenshots: release
	.build/release/coffeegrid screenshots --out docs/screenshots

# The golden screenshots `make test` compares every scene and variant with (GoldenScreenshotTests):
# only on purpose, after a change meant to alter what a scene draws. Rendered by the debug build the
# tests run; look at every picture git shows as changed before committing them.
goldens: deps
	$(SWIFT) build --product coffeegrid
	rm -f Tests/Goldens/*.png
	.build/debug/coffeegrid screenshots --out Tests/Goldens

clean:
	rm -rf .build

# The photos in Resources/Photos are drawn by asset-maker (Sources/AssetMaker, Sources/AssetKit) and
# committed; `make assets` redraws them byte for byte, `make contact-sheet` redraws docs/contact-sheet.png.
.PHONY: assets contact-sheet
assets: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product asset-maker
	.build/release/asset-maker photos --resources Resources
	.build/release/asset-maker icon --resources Resources

contact-sheet: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product asset-maker
	.build/release/asset-maker contact-sheet --resources Resources --out docs/contact-sheet.png

# --- Hardening: fuzzing, storms, sanitizers, soak ------------------------------------------------

# `make fuzz`: libFuzzer on the grid spec parser for FUZZ_SECONDS, seeded with the tutorial's specs,
# then GRIDSPEC_MUTATIONS seeded near-valid specs through the same invariants (the suite runs 4,000);
# then libFuzzer on the photo sniffing path for PHOTO_FUZZ_SECONDS (the header walk, the format's
# magic, the scanner's probe through a file, the C shim's JPEG and PNG decoders, path bytes; see
# Fuzz/PhotoSniffFuzzer.swift) and PHOTOSNIFF_MUTATIONS seeded mutations of small photos.
FUZZ_SECONDS ?= 60
PHOTO_FUZZ_SECONDS ?= 600
GRIDSPEC_MUTATIONS ?= 500000
PHOTOSNIFF_MUTATIONS ?= 200000
FUZZ_DIR := .build/fuzz
PHOTO_FUZZ_LIBS := libexif libpng libjpeg
.PHONY: fuzz fuzz-gridspec fuzz-photos
fuzz: fuzz-gridspec fuzz-photos

fuzz-gridspec: deps
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/crashes
	$(SWIFT)c -sanitize=fuzzer,address -parse-as-library -module-name GridCore -D GRIDSPEC_FUZZ_STANDALONE \
	  -suppress-warnings Sources/GridCore/*.swift Tests/GridCoreTests/SpecFuzzing/*.swift Fuzz/GridSpecFuzzer.swift \
	  -o $(FUZZ_DIR)/gridspec-fuzzer
	@i=0; while IFS= read -r spec; do i=$$((i+1)); printf '%s' "$$spec" > $(FUZZ_DIR)/corpus/seed-$$i; done < Fuzz/seed-specs.txt
	$(FUZZ_DIR)/gridspec-fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=512 -timeout=5 \
	  -artifact_prefix=$(FUZZ_DIR)/crashes/ -print_final_stats=1 $(FUZZ_DIR)/corpus
	$(SWIFT) build --build-tests
	GRIDSPEC_MUTATIONS=$(GRIDSPEC_MUTATIONS) $(SWIFT) test --skip-build --filter GridSpecMutationTests

# The photo fuzzer is the photo library's sources of the sniffing path compiled as one module with the
# shared invariants (Tests/StageTests/SniffFuzzing), linked with the C shim built for fuzzing; inputs up to
# 70 KB, so a JPEG's segments past the probe's first 64 KB are walked too.
PHOTO_FUZZ_SOURCES := Sources/PhotoLibrary/ImageHeader.swift Sources/PhotoLibrary/ImageLoadError.swift \
  Sources/PhotoLibrary/HEIFHeader.swift Sources/PhotoLibrary/Codecs/Orientation.swift Sources/PhotoLibrary/Library/JPEGProbe.swift \
  Sources/PhotoLibrary/Library/ImageProbe.swift Sources/PhotoLibrary/Library/PathBytes.swift Sources/PhotoLibrary/ExifThumbnail.swift
fuzz-photos: deps
	@mkdir -p $(FUZZ_DIR)/cimagecodecs $(FUZZ_DIR)/photo-corpus $(FUZZ_DIR)/photo-crashes
	@printf 'module CImageCodecs {\n    header "%s"\n    export *\n}\n' "$(CURDIR)/Sources/CImageCodecs/include/cg_codecs.h" > $(FUZZ_DIR)/cimagecodecs/module.modulemap
	for c in exif_read png_io jpeg_decode; do \
	  clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CImageCodecs/include $$(pkg-config --cflags $(PHOTO_FUZZ_LIBS)) \
	    -c Sources/CImageCodecs/$$c.c -o $(FUZZ_DIR)/$$c.o || exit 1; done
	set -o pipefail; $(SWIFT)c -sanitize=fuzzer,address -parse-as-library -module-name PhotoLibrary -package-name coffeegrid -D PHOTOSNIFF_FUZZ_STANDALONE \
	  -suppress-warnings -I $(FUZZ_DIR)/cimagecodecs $(PHOTO_FUZZ_SOURCES) Tests/StageTests/SniffFuzzing/*.swift Fuzz/PhotoSniffFuzzer.swift \
	  $(FUZZ_DIR)/exif_read.o $(FUZZ_DIR)/png_io.o $(FUZZ_DIR)/jpeg_decode.o $$(pkg-config --libs $(PHOTO_FUZZ_LIBS)) \
	  -o $(FUZZ_DIR)/photosniff-fuzzer 2>&1 | { grep -v "Cannot export local symbol" || true; }
	PHOTOSNIFF_SEEDS=$(FUZZ_DIR)/photo-corpus $(FUZZ_DIR)/photosniff-fuzzer -max_total_time=$(PHOTO_FUZZ_SECONDS) -max_len=70000 \
	  -timeout=5 -rss_limit_mb=2048 -artifact_prefix=$(FUZZ_DIR)/photo-crashes/ -print_final_stats=1 $(FUZZ_DIR)/photo-corpus
	$(SWIFT) build --build-tests
	PHOTOSNIFF_MUTATIONS=$(PHOTOSNIFF_MUTATIONS) $(SWIFT) test --skip-build --filter PhotoSniffMutationTests

# `make storm`: 10,000 seeded random events in every scene (the suite runs 1,500), invariants after each.
STORM_EVENTS ?= 10000
STORM_SEED ?= 7
.PHONY: storm
storm: deps
	$(SWIFT) build --build-tests
	STORM_EVENTS=$(STORM_EVENTS) STORM_SEED=$(STORM_SEED) $(SWIFT) test --skip-build --filter InputStormTests.testStormInEveryScene

# --- Installed like a desktop app ---------------------------------------------------------------
# `make install` puts the release binary in $(PREFIX)/bin, the resources in $(PREFIX)/share/coffeegrid,
# a desktop entry and the hicolor icons; `make uninstall` removes exactly that (see Packaging/install.sh).
# DESTDIR stages the tree elsewhere; BINARY picks another build (the tests install the debug one).
PREFIX ?= $(HOME)/.local
# The reverse-DNS app id: the desktop entry's file name (Packaging/APP_ID.desktop.in), also the icon
# name, the AppStream id and the window class.
APP_ID := $(basename $(basename $(notdir $(wildcard Packaging/*.desktop.in))))
DESTDIR ?=
BINARY ?= .build/release/coffeegrid
.PHONY: install install-files uninstall
install: release install-files

install-files:
	Packaging/install.sh install "$(BINARY)" "$(PREFIX)" "$(DESTDIR)"
	@if command -v desktop-file-validate >/dev/null 2>&1; then \
	  desktop-file-validate "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop" && echo "desktop-file-validate: $(APP_ID).desktop is valid"; \
	fi

uninstall:
	Packaging/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

# --- A Debian package --------------------------------------------------------------------------
# `make deb` builds .build/deb/coffeegrid_VERSION_ARCH.deb from the static release binary with
# dpkg-deb (Depends from dpkg-shlibdeps); `make package` also runs lintian, failing on an error.
# `package-files` does both without building (the test calls it with the binary make test built).
DEB_DIR ?= .build/deb
# dpkg-deb's compression: Debian's xz by default (about a minute here); tests ask for gzip -1.
DEB_COMPRESS ?= -Zxz
export DEB_COMPRESS
.PHONY: deb package package-files
deb: release
	Packaging/deb.sh "$(BINARY)" "$(DEB_DIR)"

package: release package-files

package-files:
	@deb="$$(Packaging/deb.sh "$(BINARY)" "$(DEB_DIR)")" && echo "built $$deb" && \
	if command -v lintian >/dev/null 2>&1; then \
	  echo "lintian $$deb"; lintian --fail-on error --no-tag-display-limit "$$deb"; \
	else echo "lintian is not installed (make test-deps installs it); package not checked"; fi

# `make sanitize`: the unit and headless suites under AddressSanitizer, then ThreadSanitizer, each in
# its own build folder. (The Xvfb end-to-end tests and the asset generator's tests are left out.)
SANITIZE_FILTER ?= GridCoreTests|StageTests|AppTests|CoffeeGridToolsTests
.PHONY: sanitize sanitize-address sanitize-thread
sanitize: sanitize-address sanitize-thread

sanitize-address: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan --filter '$(SANITIZE_FILTER)'

# `make sanitize-photos`: ThreadSanitizer over what runs on threads of its own: the photo library
# (scanner, watcher, decode queue and memory, pipeline, thumbnail cache, Trash worker), the dock's file
# with two windows, the settings portal's bus thread.
PHOTO_TSAN_FILTER := AppTests.(Trash|TrashWork|LiveFolder|OwnPhotos|Dock|DockPersistence|DockStore|PhotoDockModel|ThumbnailFirst|DecodePaths|SceneIO|PermanentDelete|Reveal)|StageTests.(FolderScanner|FolderWatcher|ThumbnailCache|DecodeQueue|DecodeMemory|ImagePipeline|AnimationPlayer)|PhotoLibraryTests|DesktopTests
.PHONY: sanitize-photos
sanitize-photos:
	$(MAKE) sanitize-thread SANITIZE_FILTER='$(PHOTO_TSAN_FILTER)'

sanitize-thread: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(SANITIZE_FILTER)'

# `make soak`: the app headless for SOAK_SECONDS doing what a person does (scene switches, column
# toggles, scrolling through the photos); fails if RSS grows more than 5 % after the warm-up.
SOAK_SECONDS ?= 600
.PHONY: soak
soak: release
	.build/release/coffeegrid soak --seconds $(SOAK_SECONDS)
