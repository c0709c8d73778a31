# Herald — build, test and bench.  Binaries go to build/ (build/asan for the sanitizer build).
#   make            build/herald
#   make test       build and run the GoogleTest suite (in shards, one per core: TEST_JOBS=N)
#   make sanitize   the same suite under AddressSanitizer + UBSan (build/asan/)
#   make tsan       the same suite under ThreadSanitizer (build/tsan)
#   make tsan-ci    the same build, only the tests that run threads (what CI runs)
#   make bench      speed beside fairy-stockfish and stockfish (tools/bench.sh), and the search signature
#   make fuzz       libFuzzer targets (clang), FUZZ_SECONDS each
#   make fuzz-ci    the same, a fixed number of runs from a fixed seed (what CI runs)
#   make install    the programs, manual pages, presets and XBoard's engine entry under PREFIX
#   make uninstall  removes what install put there
#   make deb        the Debian package (debian/), in build/deb/
#   make format     formats the tree in its one dialect (.clang-format); format-check: CI
#   make windows    herald.exe and the tools for Windows (build/windows/), with mingw-w64
#   make windows-test  those under wine: perft, a UCI and a CECP session, a match, self-play
CC      ?= gcc
CXX     ?= g++
BUILD   ?= build
# x86-64-v3 (AVX2, BMI2, LZCNT) where the build machine has it: faster bit scans, and unlike
# -march=native no AVX-512, which valgrind cannot run.
ARCH    ?= $(shell grep -qw bmi2 /proc/cpuinfo 2>/dev/null && grep -qw avx2 /proc/cpuinfo && echo x86-64-v3 || echo x86-64-v2)
OPT     ?= -O3 -march=$(ARCH)
CFLAGS  += -std=c11 -Wall -Wextra -Werror $(OPT) -Isrc -D_GNU_SOURCE $(CFLAGS_EXTRA)
CXXFLAGS+= -std=c++17 -Wall -Wextra -Werror $(OPT) -Isrc -Itests $(CXXFLAGS_EXTRA)
LDLIBS  += -lpthread -lm -lz

# src/app/ is the herald program's front door (its commands); the rest is the library.
# src/platform/ holds what the system does differently, a NAME_posix.c and a NAME_win.c for
# each concern: PLATFORM says which are built (win: `make windows`, below).
PLATFORM ?= posix
NOT_PLATFORM := $(filter-out $(PLATFORM),posix win)
APP_SRC  := $(filter-out src/app/main.c,$(wildcard src/app/*.c))
APP_OBJ  := $(APP_SRC:%.c=$(BUILD)/obj/%.o)
LIB_SRC  := $(filter-out src/app/% src/platform/%_$(NOT_PLATFORM).c,$(wildcard src/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/builtin_files.o
TEST_SRC := $(wildcard tests/*.cpp tests/*/*.cpp)
TEST_C   := tests/rules/reference_rules.c
TEST_OBJ := $(TEST_SRC:%.cpp=$(BUILD)/obj/%.o) $(TEST_C:%.c=$(BUILD)/obj/%.o)
$(TEST_C:%.c=$(BUILD)/obj/%.o): CFLAGS += -Itests

.PHONY: all test sanitize tsan tsan-ci bench fuzz fuzz-ci clean format format-check install uninstall deb \
  windows windows-test
EXE   ?= # .exe for Windows
TOOLS := $(BUILD)/herald-match$(EXE) $(BUILD)/herald-selfplay$(EXE) $(BUILD)/herald-tune$(EXE)
all: $(BUILD)/herald$(EXE) $(TOOLS)

# The version line of the three programs (src/app/version.h): the VERSION file, and the git
# description when built in a checkout (none outside one).  The stamp is rewritten only when the
# line changes, so that only the objects printing it are rebuilt, and only then.
HERALD_VERSION := $(shell cat VERSION 2>/dev/null || echo unknown)
HERALD_GIT     := $(shell test -e .git && git describe --always --dirty 2>/dev/null)
VERSION_STAMP  := $(BUILD)/version.stamp
VERSION_LINE   := $(HERALD_VERSION) $(HERALD_GIT)
$(shell mkdir -p $(BUILD) && [ "$$(cat $(VERSION_STAMP) 2>/dev/null)" = "$(VERSION_LINE)" ] || \
  echo "$(VERSION_LINE)" > $(VERSION_STAMP))
VERSIONED_OBJ  := $(BUILD)/obj/src/app/main.o $(BUILD)/obj/tools/match/herald_match.o \
  $(BUILD)/obj/tools/match/herald_selfplay.o $(BUILD)/obj/tools/tune/herald_tune.o
$(VERSIONED_OBJ): CFLAGS += -DHERALD_VERSION='"$(HERALD_VERSION)"' -DHERALD_GIT='"$(HERALD_GIT)"'
$(VERSIONED_OBJ): $(VERSION_STAMP)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c $< -o $@

# The preset library inside the binary (src/bridge/builtin_files.h): every game of presets/
# plays from any folder.  embed_files is a build-time tool, built without the sanitizers and for
# the machine that builds (HOST_CC), which is not the one that runs a cross-compiled program.
EMBED_FILES := $(sort $(wildcard presets/*.preset presets/include/*)) $(sort $(wildcard nets/*.eval.gz nets/*.nnue.gz))
# The list is stamped as the version line is, so that a file taken away rebuilds it too.
EMBED_STAMP := $(BUILD)/embed.stamp
$(shell mkdir -p $(BUILD) && [ "$$(cat $(EMBED_STAMP) 2>/dev/null)" = "$(EMBED_FILES)" ] || \
  echo "$(EMBED_FILES)" > $(EMBED_STAMP))
HOST_CC ?= $(CC)
$(BUILD)/embed_files: tools/embed/embed_files.c
	@mkdir -p $(dir $@)
	$(HOST_CC) -O1 $< -o $@
$(BUILD)/gen/builtin_files.c: $(BUILD)/embed_files $(EMBED_FILES) $(EMBED_STAMP)
	@mkdir -p $(dir $@)
	$(BUILD)/embed_files presets $(EMBED_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/gen/builtin_files.o: $(BUILD)/gen/builtin_files.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libherald.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/herald$(EXE): $(BUILD)/obj/src/app/main.o $(APP_OBJ) $(BUILD)/libherald.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

# The user tools (tools/match/, tools/tune/): engine matches, self-play testing, and the tuner of
# the evaluation's weights.
$(BUILD)/herald-match$(EXE): $(BUILD)/obj/tools/match/herald_match.o $(BUILD)/libherald.a
$(BUILD)/herald-selfplay$(EXE): $(BUILD)/obj/tools/match/herald_selfplay.o $(BUILD)/libherald.a
$(BUILD)/herald-tune$(EXE): $(BUILD)/obj/tools/tune/herald_tune.o $(BUILD)/libherald.a
$(TOOLS):
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

$(BUILD)/herald_tests: $(TEST_OBJ) $(APP_OBJ) $(BUILD)/libherald.a
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDFLAGS) -lgtest $(LDLIBS)

# The suite runs in shards side by side, one per core (TEST_JOBS=N to choose; tests/run_in_shards.sh);
# TEST_FILTER=PATTERNS runs some tests only (GoogleTest's --gtest_filter).
test: $(BUILD)/herald $(TOOLS) $(BUILD)/herald_tests
	HERALD_BIN=$(BUILD)/herald tests/run_in_shards.sh $(BUILD)/herald_tests \
	  $(if $(TEST_FILTER),'--gtest_filter=$(TEST_FILTER)')

SAN := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
# The sanitizers run a preset's code several times slower: loading one may take longer than the
# 10 s a release build allows it (HERALD_LOAD_TIME, src/bridge/bridge.h).
SLOW_LOAD := HERALD_LOAD_TIME=120
ASAN_BUILD := BUILD=build/asan OPT="$(SAN)" LDFLAGS="-fsanitize=address,undefined" \
  CXXFLAGS_EXTRA=-Wno-maybe-uninitialized # g++ 12 misreads std::regex under ASan
# The tests that race a clock run alone, after the others have run in shards: under the
# sanitizers, a second shard beside them leaves them too little of the machine (matches against
# other engines, their set-up and clocks; a runaway preset that must reach its memory limit in
# time; a referee too slow for the clock; a timed turn's parts).
CLOCK_RACING_TESTS := Match*:EngineStart*:*Hostile*:SearchTurns.*
sanitize:
	$(SLOW_LOAD) $(MAKE) $(ASAN_BUILD) TEST_FILTER='-$(CLOCK_RACING_TESTS)' test
	$(SLOW_LOAD) TEST_JOBS=1 $(MAKE) $(ASAN_BUILD) TEST_FILTER='$(CLOCK_RACING_TESTS)' test

# Thread sanitizer for the Lazy SMP search and the protocol threads.
TSAN_BUILD := BUILD=build/tsan OPT="-O1 -g -fsanitize=thread" LDFLAGS="-fsanitize=thread" \
  CXXFLAGS_EXTRA=-Wno-maybe-uninitialized
tsan:
	$(SLOW_LOAD) $(MAKE) $(TSAN_BUILD) test

# The whole suite under ThreadSanitizer is far too long for CI: tsan-ci builds the same way and
# runs only the tests that run threads, each here for the threads it runs, one test for each
# kind (the tests of the herald-match and herald-selfplay programs run the same threads as the
# library's tests here, some 30 s more each under TSan).  The engines the tests start are TSan
# builds too; every process writes its reports under build/tsan/races, and any report fails.
#   Lazy SMP: helper threads beside the main one, sharing the hash table and the stop flag.
TSAN_CI_TESTS := SearchThreads.*
#   stop, ponderhit, move time and node limits: the caller's thread against the search's.
TSAN_CI_TESTS += SearchLimits.* SearchMultiPV.*
#   the preset's referee (oracle) shared by threads, and by the search's threads.
TSAN_CI_TESTS += Oracle.ThreadsShareOneOracle Oracle.SearchPlaysMovesTheRefereeAccepts
#   a large preset's program, compiled once and shared by interpreters in four threads.
TSAN_CI_TESTS += GcSharedProgram.*
#   herald-match: games on two worker threads (concurrency 2), against UCI and CECP engines.
TSAN_CI_TESTS += MatchTest.RoundRobinPlaysEveryPairAndGauntletTheFirstEnginesOnly
#   herald-selfplay: games on two threads, alone, with the preset's referee, writing PGN.
TSAN_CI_TESTS += MatchSelfplay.ShardsAddUpToTheWholeRunAndJsonRoundTrips MatchSelfplayPreset.TheRefereeWatchesEveryGame
TSAN_CI_TESTS += MatchSelfplayPgn.GamesReadBackAsTheReportCountsThemWithThreadsAndShards
#   UCI: input thread, waiter and search (stop and isready during go infinite; Threads 2 with
#   MultiPV; a turn's second part searched from the waiter).
TSAN_CI_TESTS += ProtocolUci.StopEndsAnInfiniteSearchAndIsreadyIsAnsweredMeanwhile
TSAN_CI_TESTS += ProtocolUci.OptionsAreSetOrRefusedWithAnError ProtocolUci.ATurnOfTwoPartsIsOneToken
#   XBoard: pondering with hit and miss, analysis and ?, force during a search, a turn's parts.
TSAN_CI_TESTS += ProtocolXboard.PondersAfterItsMoveAndKeepsTheGameRightOnHitAndMiss
TSAN_CI_TESTS += ProtocolXboard.AnalyzePostsThinkingUntilExitAndQuestionMarkMovesNow
TSAN_CI_TESTS += ProtocolXboard.GoPlaysTheSideToMoveAndForceStopsIt
TSAN_CI_TESTS += ProtocolXboard.TheEnginesTurnOfTwoPartsIsSentPartByPart
empty :=
space := $(empty) $(empty)
tsan-ci:
	$(MAKE) $(TSAN_BUILD) build/tsan/herald build/tsan/herald-match build/tsan/herald-selfplay build/tsan/herald-tune build/tsan/herald_tests
	@for t in $(TSAN_CI_TESTS); do build/tsan/herald_tests --gtest_list_tests --gtest_filter="$$t" | grep -q '^  ' || \
	  { echo "tsan-ci: no test is called $$t (renamed? update TSAN_CI_TESTS)"; exit 1; }; done
	rm -rf build/tsan/races && mkdir -p build/tsan/races
	$(SLOW_LOAD) TSAN_OPTIONS="log_path=$(CURDIR)/build/tsan/races/race" HERALD_BIN=build/tsan/herald \
	  build/tsan/herald_tests --gtest_filter='$(subst $(space),:,$(strip $(TSAN_CI_TESTS)))'; status=$$?; \
	if ls build/tsan/races/race.* >/dev/null 2>&1; then cat build/tsan/races/race.*; \
	  echo "tsan-ci: ThreadSanitizer reported the races above"; exit 1; fi; exit $$status

# Windows: the three programs cross-compiled with Debian's mingw-w64 (packages gcc-mingw-w64-x86-64
# and libz-mingw-w64-dev) into build/windows/, objects in build/windows/obj, by the rules above.
# The compiler's posix flavour has winpthreads for the threads; -static puts it, zlib and libgcc
# inside each .exe, which then runs with no DLL beside it.  src/platform/ gives the NAME_win.c of
# each concern; _POSIX_C_SOURCE asks mingw-w64 for the POSIX names it declares only then
# (gmtime_r).  The stack is Linux's 8 MiB (Windows gives 1 MiB, to the search's threads too).
# The code is for x86-64-v2 (SSE4.2 and POPCNT, any x86-64 since 2009): an .exe is copied to
# other machines, and mingw-w64's gcc does not align AVX's 32-byte stack spills (GCC bug 54412).
WINDOWS_CC   ?= x86_64-w64-mingw32-gcc-posix
WINDOWS_ARCH ?= x86-64-v2
WINDOWS_PROGRAMS = $(PROGRAMS:%=build/windows/%.exe)
windows:
	@command -v $(WINDOWS_CC) >/dev/null || { echo "make windows: no $(WINDOWS_CC) (apt-get install \
	  gcc-mingw-w64-x86-64 libz-mingw-w64-dev)"; exit 1; }
	$(MAKE) BUILD=build/windows PLATFORM=win EXE=.exe CC=$(WINDOWS_CC) HOST_CC=$(CC) ARCH=$(WINDOWS_ARCH) \
	  CFLAGS_EXTRA=-D_POSIX_C_SOURCE=200809L LDFLAGS="-static -Wl,--stack,8388608" $(WINDOWS_PROGRAMS)

# The Windows programs under wine (packages wine wine64): tests/windows/wine_test.sh.
windows-test: windows
	tests/windows/wine_test.sh build/windows

# Speed beside fairy-stockfish and stockfish, the referee's and the oracle's beside their aims
# (tools/bench.sh), and the search's node signature (quote it in commits that change search or
# evaluation).
bench: $(BUILD)/herald
	tools/bench.sh $(BUILD)/herald
	$(BUILD)/herald bench

# Fuzz targets: tests/fuzz/NAME_fuzz.c, each with a seed corpus in tests/fuzz/corpus/NAME.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 30
FUZZ_SEED    ?= 0  # 0: a new seed each run; CI fixes it, so that a red run can be replayed
FUZZ_FLAGS   := -std=c11 -g -O1 -Isrc -Itests -D_GNU_SOURCE -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB_SRC := $(LIB_SRC)
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=build/fuzz/obj/%.o) build/fuzz/obj/gen/builtin_files.o
build/fuzz/obj/gen/builtin_files.o: build/gen/builtin_files.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -c $< -o $@
FUZZERS      := $(patsubst tests/fuzz/%_fuzz.c,build/fuzz/%_fuzz,$(wildcard tests/fuzz/*_fuzz.c))
build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@
build/fuzz/%_fuzz: tests/fuzz/%_fuzz.c $(FUZZ_LIB_OBJ) build/fuzz/obj/tests/rules/reference_rules.o
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $^ -o $@ -lpthread -lm -lz
# The library's objects for the fuzzers are kept between builds (make would take them for
# intermediate files and build them again for every target).
.SECONDARY: $(FUZZ_LIB_OBJ) build/fuzz/obj/tests/rules/reference_rules.o
fuzz: $(FUZZERS)
	@for f in $(FUZZERS); do name=$$(basename $$f _fuzz); mkdir -p build/fuzz/corpus-$$name; \
	  echo "== fuzz $$name ($(FUZZ_SECONDS) s)"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) build/fuzz/corpus-$$name tests/fuzz/corpus/$$name \
	    > build/fuzz/$$name.log 2>&1 || { tail -40 build/fuzz/$$name.log; exit 1; }; \
	  tail -1 build/fuzz/$$name.log; \
	done

# CI's fuzzing is a fixed number of runs per target from a fixed seed and the committed corpus,
# so that a green run here is a green run there (a timed run explores a different path on every
# machine).  Runs are sized to about ten seconds a target (protocol: about thirty seconds; it
# loads each game a session asks for once, then lends it to every session, and the first loads
# under the sanitizers take seconds); long exploration is `make fuzz`.
FUZZ_CI_RUNS := archive:600000 betza:3000 catalog:20000 defcompile:20000 enginespec:1000000 engineoutput:200000 \
  epd:90000 fen:300000 gamecode:20000 notation:40000 opening:100000 pgn:20000 pgnimport:10000 protocol:800 \
  preset:500 selfplayjson:150000 ucigo:12000 evalweights:300000 nnue:60000 resume:300000
fuzz-ci: $(FUZZERS)
	@for spec in $(FUZZ_CI_RUNS); do name=$${spec%%:*}; runs=$${spec##*:}; \
	  rm -rf build/fuzz/ci-$$name; mkdir -p build/fuzz/ci-$$name; \
	  echo "== fuzz $$name ($$runs runs, seed 1)"; \
	  build/fuzz/$${name}_fuzz -runs=$$runs -seed=1 build/fuzz/ci-$$name tests/fuzz/corpus/$$name \
	    > build/fuzz/$$name-ci.log 2>&1 || { tail -40 build/fuzz/$$name-ci.log; exit 1; }; \
	  tail -1 build/fuzz/$$name-ci.log; \
	done
	@test $$(echo $(FUZZ_CI_RUNS) | wc -w) -eq $$(echo $(FUZZERS) | wc -w) || \
	  { echo "fuzz-ci: FUZZ_CI_RUNS must name every target in tests/fuzz"; exit 1; }

# make install [PREFIX=/usr/local] [DESTDIR=]: the three programs; their manual pages in section 6
# (games, as Debian's chess engines); the preset library, to read and copy (the programs have it
# built in); XBoard's engine list entry, in the plugin folder XBoard scans at start
# (/usr/local/share/games/plugins/xboard and /usr/share/games/plugins/xboard).
PREFIX   ?= /usr/local
BINDIR   := $(PREFIX)/bin
MAN6DIR  := $(PREFIX)/share/man/man6
PRESETDIR:= $(PREFIX)/share/herald/presets
ENGDIR   := $(PREFIX)/share/games/plugins/xboard
PROGRAMS := herald herald-match herald-selfplay herald-tune
INSTALL_PRESETS  := $(notdir $(wildcard presets/*.preset))
INSTALL_INCLUDES := $(notdir $(wildcard presets/include/*))
install: $(BUILD)/herald $(TOOLS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN6DIR) $(DESTDIR)$(PRESETDIR)/include $(DESTDIR)$(ENGDIR)
	install -m 755 $(PROGRAMS:%=$(BUILD)/%) $(DESTDIR)$(BINDIR)
	install -m 644 $(PROGRAMS:%=man/%.6) $(DESTDIR)$(MAN6DIR)
	install -m 644 $(INSTALL_PRESETS:%=presets/%) $(DESTDIR)$(PRESETDIR)
	install -m 644 $(INSTALL_INCLUDES:%=presets/include/%) $(DESTDIR)$(PRESETDIR)/include
	variants=$$(printf 'xboard\nprotover 2\nquit\n' | timeout 20 $(BUILD)/herald | \
	  sed -n 's/.*variants="\([^"]*\)".*/\1/p'); \
	sed -e 's|@BINDIR@|$(BINDIR)|' -e "s|@VARIANTS@|$${variants:-normal}|" packaging/herald.eng.in \
	  > $(DESTDIR)$(ENGDIR)/herald.eng
	chmod 644 $(DESTDIR)$(ENGDIR)/herald.eng

# Exactly the files install puts, then Herald's own folders if that left them empty.
uninstall:
	rm -f $(PROGRAMS:%=$(DESTDIR)$(BINDIR)/%) $(PROGRAMS:%=$(DESTDIR)$(MAN6DIR)/%.6) \
	  $(INSTALL_PRESETS:%=$(DESTDIR)$(PRESETDIR)/%) $(INSTALL_INCLUDES:%=$(DESTDIR)$(PRESETDIR)/include/%) \
	  $(DESTDIR)$(ENGDIR)/herald.eng
	rmdir $(DESTDIR)$(PRESETDIR)/include $(DESTDIR)$(PRESETDIR) $(DESTDIR)$(PREFIX)/share/herald 2>/dev/null || true

# The Debian package, built by dpkg-buildpackage in a copy of the source (packaging/build-deb.sh).
deb:
	packaging/build-deb.sh

# One formatting dialect for the tree (.clang-format): `make format` applies it, CI checks it.
FORMAT_FILES = $(shell git ls-files 'src/*.c' 'src/*.h' 'tools/*.c' 'tests/*.c' 'tests/*.cpp' 'tests/*.h' 2>/dev/null)
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format: $(words $(FORMAT_FILES)) files in the tree's dialect"

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(APP_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/obj/src/app/main.d $(wildcard build/fuzz/obj/src/*/*.d) \
  $(wildcard $(BUILD)/obj/tools/match/*.d) $(wildcard $(BUILD)/obj/tools/tune/*.d)
