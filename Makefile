# TypeScale — the two commands a new user runs are `make demo` and `make test`.
# Each installs what it needs first (`make deps`), then builds.

SHELL := /bin/bash
SWIFT ?= swift

# System C libraries (pkg-config names), and the packages that provide them.
PC_MODULES := harfbuzz freetype2 icu-uc libpng fontconfig
APT_PACKAGES := libharfbuzz-dev libfreetype-dev libicu-dev libpng-dev libfontconfig-dev pkg-config
BREW_PACKAGES := harfbuzz freetype icu4c libpng fontconfig pkg-config

UNAME := $(shell uname -s)
ifeq ($(UNAME),Darwin)
  # Homebrew's icu4c is keg-only: tell pkg-config where it is.
  BREW_PREFIX := $(shell brew --prefix 2>/dev/null)
  export PKG_CONFIG_PATH := $(BREW_PREFIX)/opt/icu4c/lib/pkgconfig:$(PKG_CONFIG_PATH)
endif
ifeq ($(UNAME),Linux)
  # Release builds link the CLI with Foundation statically (Package.swift, `typescale`):
  # FoundationNetworking's and FoundationXML's static libraries link libcurl and libxml2.
  PC_MODULES += libcurl libxml-2.0
  APT_PACKAGES += libcurl4-openssl-dev libxml2-dev
endif
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps demo test lint docs bench build clean help fuzz check check-thread check-fallback leaks \
  dist check-dist report-demo check-hostile
DOC_TARGETS := TypeScaleMetrics TypeScaleFonts TypeScaleLayout TypeScaleGoldens TypeScaleRender TypeScaleFontStore \
  TypeScaleTesting TypeScale TypeScaleStrings TypeScaleCheck

## help: every target, with what it does (from the `##` text on each target's line).
help: ## list every target
	@awk -F':.*## ' '/^[a-z][a-z-]*:.*## / { printf "make %-15s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo "Variables: FUZZ_SECONDS, LEAK_ITERATIONS, BENCH_ARGS, REPORT_DEMO_JSON, CHROMIUM, SWIFT"

## deps: install HarfBuzz, FreeType, ICU, libpng, fontconfig and pkg-config when missing.
deps: ## install HarfBuzz, FreeType, ICU, libpng, fontconfig, pkg-config (apt-get or Homebrew); idempotent
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: no Swift toolchain on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PC_MODULES); then \
	  echo "deps: $(PC_MODULES) found"; \
	elif [ "$(UNAME)" = Darwin ]; then \
	  command -v brew >/dev/null || { echo "error: install Homebrew (brew.sh) first" >&2; exit 1; }; \
	  brew install $(BREW_PACKAGES); \
	elif command -v apt-get >/dev/null 2>&1; then \
	  echo "deps: installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES); \
	else \
	  echo "error: install $(APT_PACKAGES) (or your system's equivalents) by hand" >&2; exit 1; \
	fi

build: deps ## build the package (debug, warnings are errors)
	$(SWIFT) build -Xswiftc -warnings-as-errors

DEMO_EN := The quick brown fox jumps over the lazy dog while the band plays on.
DEMO_KO := 다람쥐 헌 쳇바퀴에 타고파. 키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다.
demo: deps ## build the CLI and lay text out at every text size, scale, inspect, render and check the sample
	$(SWIFT) build -c release --product typescale
	@echo
	@echo "== The main job: body text at every content-size category, 343 pt column, 3 lines =="
	@echo
	@echo "\$$ typescale measure \"$(DEMO_EN)\" --style body --all-categories --width 343 --lines 3"
	@$(SWIFT) run -c release --skip-build typescale measure "$(DEMO_EN)" --style body --all-categories --width 343 --lines 3
	@echo
	@echo "\$$ typescale measure \"$(DEMO_KO)\" --style body --all-categories --width 343 --lines 3"
	@$(SWIFT) run -c release --skip-build typescale measure "$(DEMO_KO)" --style body --all-categories --width 343 --lines 3
	@echo
	@echo "== UIFontMetrics: a 17 pt body font at every category =="
	@echo "\$$ typescale scale --style body --size 17 --all-categories --display-scale 3"
	@$(SWIFT) run -c release --skip-build typescale scale --style body --size 17 --all-categories --display-scale 3
	@echo
	@echo "== Fonts: what name to pass =="
	@echo "\$$ typescale fonts inspect Tests/Fixtures/Fonts/Fixture-Collection.ttc Tests/Fixtures/Fonts/Fixture-Variable.ttf"
	@$(SWIFT) run -c release --skip-build typescale fonts inspect Tests/Fixtures/Fonts/Fixture-Collection.ttc Tests/Fixtures/Fonts/Fixture-Variable.ttf
	@echo
	@echo "== Render: the sentence at every category as a contact sheet (truncated rows in red) =="
	@echo "\$$ typescale render \"$(DEMO_EN)\" --style body --all-categories --width 343 --lines 3 --overlays lines,truncation,fallback --create-dirs -o .build/demo/contact-sheet.png"
	@$(SWIFT) run -c release --skip-build typescale render "$(DEMO_EN)" --style body --all-categories --width 343 --lines 3 --overlays lines,truncation,fallback --create-dirs -o .build/demo/contact-sheet.png
	@echo
	@echo "== Check: every string of a sample app (Samples/check, 13 languages) at every size it must fit =="
	@echo "== The sample fails some rules on purpose (German and Russian buttons at large sizes): exit status 1 =="
	@echo "\$$ typescale check Samples/check/constraints.json"
	@status=0; $(SWIFT) run -c release --skip-build typescale check Samples/check/constraints.json || status=$$?; \
	  echo "(typescale check exited $$status: 0 all hold, 1 failures (expected here), 2 bad input)"; \
	  [ $$status -le 1 ]

test: deps lint ## lint, build with warnings as errors, check snippets and README commands, run every suite
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	python3 Scripts/check-snippets.py
	python3 Scripts/check-umbrella.py
	python3 Scripts/check-make-help.py
	python3 Scripts/check-readme-commands.py
	python3 Scripts/make-strings-fixtures.py --check
	$(SWIFT) test --skip-build

## check-fallback: the suite again with the grapheme shortcut's portable fallback compiled in
## (Sources/TypeScaleLayout/GraphemeClusters.swift), which toolchains without
## Unicode._CharacterRecognizer use; its own build folder, so `make test`'s build stays warm.
check-fallback: deps ## the suite again with the portable grapheme fallback compiled in
	$(SWIFT) build --build-tests --scratch-path .build/fallback \
	  -Xswiftc -warnings-as-errors -Xswiftc -DTYPESCALE_NO_CHARACTER_RECOGNIZER
	$(SWIFT) test --skip-build --scratch-path .build/fallback

## lint: the committed .swift-format, strictly (the formatter ships with the toolchain).
lint: ## check the code against the committed .swift-format
	$(SWIFT) format lint --strict -r Sources Tests Package.swift Benchmarks/Package.swift \
	  Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources

## docs: build each module's DocC catalog, warnings as errors. Each archive gets the symbol graphs
## of its own module and of the modules it re-exports (`@_exported import`: the umbrella's
## Metrics, Fonts and Layout), never those of the other modules it is built on, so no internal
## module (TypeScaleInternals) gets a page; Scripts/check-docs.py checks the archives. Ends by
## saying where the archives are and how to look at them.
docs: ## build the DocC catalogs (warnings are errors) into .build/docs
	@for target in $(DOC_TARGETS); do \
	  graphs=.build/symbol-graphs/$$target; \
	  rm -rf $$graphs .build/docs/$$target.doccarchive && mkdir -p $$graphs/all $$graphs/own .build/docs && \
	  $(SWIFT) build --scratch-path .build/docs-build --target $$target -Xswiftc -emit-symbol-graph \
	    -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$$graphs/all && \
	  for module in $$target $$(sed -n 's/^@_exported import \([A-Za-z]*\)$$/\1/p' Sources/$$target/*.swift); do \
	    find $$graphs/all \( -name "$$module.symbols.json" -o -name "$$module@*.symbols.json" \) \
	      -exec cp {} $$graphs/own/ \; ; \
	  done && \
	  docc convert Sources/$$target/$$target.docc \
	    --additional-symbol-graph-dir $$graphs/own \
	    --fallback-display-name $$target --fallback-bundle-identifier org.typescale.$$target \
	    --output-path .build/docs/$$target.doccarchive --warnings-as-errors || exit 1; \
	done
	@python3 Scripts/check-docs.py $(DOC_TARGETS)
	@echo
	@echo "docs: $(words $(DOC_TARGETS)) archives in $(CURDIR)/.build/docs:"
	@for target in $(DOC_TARGETS); do echo "  .build/docs/$$target.doccarchive"; done
	@echo "Preview one (a static site; any archive, any port):"
	@echo "  python3 -m http.server 8000 --directory .build/docs/TypeScale.doccarchive"
	@echo "  then open http://localhost:8000/documentation/typescale"
	@echo "Or let DocC serve one catalog and rebuild it on every edit (after make docs):"
	@echo "  docc preview Sources/TypeScale/TypeScale.docc --additional-symbol-graph-dir .build/symbol-graphs/TypeScale/own \\"
	@echo "    --fallback-display-name TypeScale --fallback-bundle-identifier org.typescale.TypeScale --output-path .build/docs-preview"

## dist: `typescale` for CI images without Swift: release mode, the Swift runtime and Foundation
## linked statically, in dist/typescale-<version>-linux-<arch>.tar.gz with the fonts' resource
## bundle beside the binary, the licences and a README naming the system libraries
## (Scripts/make-dist.sh). Linux only. check-dist unpacks it elsewhere and checks it.
dist: deps ## a typescale tarball for machines without Swift (static Swift runtime; Linux)
	@time Scripts/make-dist.sh

check-dist: dist ## unpack the tarball elsewhere and check it (libraries, runs check)
	Scripts/check-dist.sh

## check-hostile: the hostile-input suite (Scripts/check-hostile.py): the crafted inputs of a
## hostile user (Scripts/make-hostile-inputs.py, into .build/hostile), each run through the debug
## `typescale` (built when missing; `make test` leaves it) with a time and a memory limit,
## asserting the exit status, the message, and that every input is byte-identical afterwards.
check-hostile: ## the hostile-input suite on the debug build (exit status, message, files unchanged)
	@[ -x .build/debug/typescale ] || $(SWIFT) build --product typescale
	python3 Scripts/check-hostile.py

## report-demo: the sample's `check` report as one HTML page, a screenshot of it by headless
## Chromium (Debian's chromium, installed when missing; on macOS set CHROMIUM to Google Chrome's
## or Chromium's binary, e.g. after `brew install --cask chromium`), and the page's size and first
## contentful paint (Scripts/first-paint.sh, median of 3 loads). REPORT_DEMO_JSON=report.json
## (a `check --json` report, e.g. of a real app) also makes that report's page with
## `check merge --html` and measures it the same way.
REPORT_DEMO := .build/report-demo
REPORT_DEMO_JSON ?=
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)
report-demo: deps ## the sample check report as HTML, screenshotted by headless Chromium, with its first paint
	@if [ -z "$(CHROMIUM)" ]; then \
	  if [ "$(UNAME)" = Darwin ]; then \
	    echo "error: set CHROMIUM to a Chrome or Chromium binary (brew install --cask chromium)" >&2; \
	    exit 1; \
	  fi; \
	  echo "report-demo: installing chromium"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi
	$(SWIFT) build -c release --product typescale
	@mkdir -p $(REPORT_DEMO)
	@status=0; $(SWIFT) run -c release --skip-build typescale check Samples/check/constraints.json \
	  --html $(REPORT_DEMO)/report.html || status=$$?; \
	  echo "(typescale check exited $$status: 1 is expected, the sample fails on purpose)"; \
	  [ $$status -le 1 ]
	@chromium="$(CHROMIUM)"; [ -n "$$chromium" ] || chromium=$$(command -v chromium); \
	  "$$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	  --screenshot=$(CURDIR)/$(REPORT_DEMO)/report.png --window-size=1280,2000 \
	  file://$(CURDIR)/$(REPORT_DEMO)/report.html 2>$(REPORT_DEMO)/chromium.log || \
	  { cat $(REPORT_DEMO)/chromium.log >&2; exit 1; }; \
	  Scripts/first-paint.sh "$$chromium" $(REPORT_DEMO)/report.html
	@if [ -n "$(REPORT_DEMO_JSON)" ]; then \
	  chromium="$(CHROMIUM)"; [ -n "$$chromium" ] || chromium=$$(command -v chromium); \
	  start=$$(date +%s); status=0; \
	  $(SWIFT) run -c release --skip-build typescale check merge "$(REPORT_DEMO_JSON)" \
	    --html $(REPORT_DEMO)/large.html >/dev/null || status=$$?; \
	  [ $$status -le 1 ] || exit $$status; \
	  echo "report-demo: $(REPORT_DEMO)/large.html written by check merge in" \
	    "$$(( $$(date +%s) - start )) s (reading the JSON included)"; \
	  Scripts/first-paint.sh "$$chromium" $(REPORT_DEMO)/large.html; \
	fi
	@echo "report-demo: $(REPORT_DEMO)/report.html and its screenshot $(REPORT_DEMO)/report.png"

## bench: release-mode benchmarks. Layout is measured against a HarfBuzz + ICU floor and Pango
## (pangoft2) on the quick corpus in Benchmarks/Texts and the broad one in Benchmarks/Corpus
## (CLDR text from unicode-cldr-core, which the corpus check reads; fonts from fonts-noto-core,
## -cjk and -color-emoji); the registry benchmark
## registers Debian's fonts-noto-core. BENCH_ARGS=--json (or --markdown, --only cold,sweep,
## --corpus quick, …) passes arguments on.
BENCH_FONTS := .build/bench-fonts
BENCH_CORPUS_FONTS := .build/bench-corpus-fonts
BENCH_BROAD_FONTS := .build/bench-broad-fonts
BENCH_APT_PACKAGES := fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libpango1.0-dev \
  unicode-cldr-core
bench: deps ## release-mode benchmarks against a HarfBuzz + ICU floor and Pango (BENCH_ARGS=…)
	@if [ "$(UNAME)" = Darwin ]; then \
	  pkg-config --exists pangoft2 || brew install pango; \
	else \
	  missing=""; \
	  for package in $(BENCH_APT_PACKAGES); do \
	    dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    echo "bench: installing$$missing"; \
	    $(SUDO) apt-get update -qq && \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  fi; \
	fi
	@rm -rf $(BENCH_FONTS) && mkdir -p $(BENCH_FONTS)
	@if command -v dpkg >/dev/null 2>&1 && dpkg -s fonts-noto-core >/dev/null 2>&1; then \
	  dpkg -L fonts-noto-core | grep -E '\.(ttf|otf|ttc)$$' | xargs -I{} ln -sf {} $(BENCH_FONTS)/; \
	fi
	@python3 Benchmarks/Scripts/make-corpus.py --check || \
	  echo "bench: warning: Benchmarks/Corpus differs from what this machine's CLDR and fonts make"
	$(SWIFT) build -c release --product typescale
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/typescale-benchmarks --fonts $(BENCH_FONTS) \
	  --corpus-fonts $(BENCH_CORPUS_FONTS) --broad-fonts $(BENCH_BROAD_FONTS) $(BENCH_ARGS)

## fuzz: each libFuzzer target for FUZZ_SECONDS (60 by default) over seeded corpora.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := FuzzRegister FuzzLayout FuzzParse FuzzStoreIndex FuzzCSS
fuzz: deps ## each libFuzzer target for FUZZ_SECONDS (60) over seeded corpora
	@for target in $(FUZZ_TARGETS); do \
	  (cd Fuzz && $(SWIFT) build --product $$target -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld) || exit 1; \
	done
	Fuzz/seed.sh
	@mkdir -p .build/fuzz-artifacts
	@for target in $(FUZZ_TARGETS); do \
	  echo "== $$target: $(FUZZ_SECONDS) s"; \
	  case $$target in FuzzRegister) dict=-dict=Fuzz/fonts.dict;; *) dict=;; esac; \
	  Fuzz/.build/debug/$$target -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 \
	    -timeout=10 -artifact_prefix=.build/fuzz-artifacts/$$target- -print_final_stats=1 $$dict \
	    .build/fuzz-corpus/$$target 2>&1 | grep -E "^(#|==|stat::|Done|INFO: Seed|SUMMARY|artifact)" \
	    | tail -n 12; \
	  test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

## leaks: a long register/lay out/unregister loop under LeakSanitizer; prints memory growth.
LEAK_ITERATIONS ?= 500
leaks: deps ## a register/lay out/unregister loop under LeakSanitizer (LEAK_ITERATIONS=500)
	cd Fuzz && $(SWIFT) build --product LeakLoop --sanitize=address --scratch-path .build/leaks
	ASAN_OPTIONS=quarantine_size_mb=0 Fuzz/.build/leaks/debug/LeakLoop $(LEAK_ITERATIONS) Tests/Fixtures/Fonts

## check: the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
check: deps ## the suite under AddressSanitizer and LeakSanitizer, then check-thread
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp $(SWIFT) test --skip-build \
	  --sanitize=address --scratch-path .build/asan --disable-xctest
	$(MAKE) check-thread

# ThreadSanitizer writes each report to its own file (`log_path`), and they are printed again
# after the test run: a CI log's tail then shows the race itself, not only the count.
check-thread: deps ## the suite under ThreadSanitizer; prints every report
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	rm -rf .build/tsan/reports && mkdir -p .build/tsan/reports
	status=0; \
	TSAN_OPTIONS="$${TSAN_OPTIONS:+$$TSAN_OPTIONS:}log_path=$(CURDIR)/.build/tsan/reports/report" \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --disable-xctest \
	  || status=$$?; \
	if ls .build/tsan/reports/report.* >/dev/null 2>&1; then \
	  echo "check-thread: ThreadSanitizer reports:"; cat .build/tsan/reports/report.*; exit 1; \
	fi; \
	exit $$status

clean: ## remove every build folder and dist/
	rm -rf .build Benchmarks/.build Fuzz/.build dist
