// A fresh folder under /tmp for a test's files, removed with its contents at the end of the test.
#ifndef HERALD_TESTS_TEMP_DIR_H
#define HERALD_TESTS_TEMP_DIR_H

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

struct TempDir {
  std::string path;
  TempDir() {
    char name[] = "/tmp/herald-test-XXXXXX";
    if (mkdtemp(name)) path = name;
  }
  ~TempDir() {
    if (!path.empty()) (void)!std::system(("rm -rf " + path).c_str());
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  // Writes text, byte for byte, as file (which may name subfolders); returns its path.
  std::string Write(const std::string &file, const std::string &text) const {
    std::string full = path + "/" + file;
    std::string folder = full.substr(0, full.rfind('/'));
    (void)!std::system(("mkdir -p " + folder).c_str());
    std::ofstream(full, std::ios::binary) << text;
    return full;
  }
};

#endif
