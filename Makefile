# Herald — build, test and bench.  Binaries go to build/ (build/asan for the sanitizer build).
#   make            build/herald
#   make test       build and run the GoogleTest suite
#   make sanitize   the same suite under AddressSanitizer + UBSan (build/asan/)
#   make bench      perft speed against fairy-stockfish, side by side
CC      ?= gcc
CXX     ?= g++
BUILD   ?= build
OPT     ?= -O3 -march=native
CFLAGS  += -std=c11 -Wall -Wextra -Werror $(OPT) -Isrc -D_GNU_SOURCE
CXXFLAGS+= -std=c++17 -Wall -Wextra -Werror $(OPT) -Isrc -Itests
LDLIBS  += -lpthread -lm -lz

LIB_SRC  := $(filter-out src/main.c,$(wildcard src/*.c src/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
TEST_SRC := $(wildcard tests/*.cpp tests/*/*.cpp)
TEST_OBJ := $(TEST_SRC:%.cpp=$(BUILD)/obj/%.o)

.PHONY: all test sanitize bench clean
all: $(BUILD)/herald

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libherald.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/herald: $(BUILD)/obj/src/main.o $(BUILD)/libherald.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

$(BUILD)/herald_tests: $(TEST_OBJ) $(BUILD)/libherald.a
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDFLAGS) -lgtest $(LDLIBS)

test: $(BUILD)/herald $(BUILD)/herald_tests
	$(BUILD)/herald_tests

SAN := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
sanitize:
	$(MAKE) BUILD=build/asan OPT="$(SAN)" LDFLAGS="-fsanitize=address,undefined" test

bench: $(BUILD)/herald
	tools/bench.sh $(BUILD)/herald

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/obj/src/main.d
