// `make install PREFIX=DIR` puts the three programs, their manual pages, the preset library and
// XBoard's engine list entry where the README says, the installed herald plays from any folder,
// and `make uninstall` takes away exactly those files.  Run from the source folder (it calls
// make); the programs are built already, so install only copies.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "app/programs.h"

namespace {

using programs::Shell;

bool IsFile(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

TEST(Install, InstallsWhereTheReadmeSaysAndUninstallsIt) {
  if (!IsFile("Makefile") || !IsFile("presets/chess.preset")) GTEST_SKIP() << "run from the source folder";
  char name[] = "/tmp/install-test-XXXXXX"; // no "herald" in it: the last check looks for that
  ASSERT_TRUE(mkdtemp(name));
  std::string prefix = std::string(name) + "/usr", destdir = std::string(name) + "/stage";
  // The build folder as the Makefile names it (relative to the source folder): a make given an
  // absolute BUILD writes absolute targets into the objects' .d files, which the usual make then
  // ignores, so a later change of a header would not rebuild them.
  std::string build = programs::BuildDir();
  char here[4096];
  std::string source = std::string(getcwd(here, sizeof here) ? here : "") + "/";
  if (build.rfind(source, 0) == 0) build = build.substr(source.size());
  // A make of its own: not the jobs of the make that runs the tests.
  std::string make = "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s BUILD=" + build + " PREFIX=" + prefix;

  programs::Result r = Shell(make + " install");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  for (const char *file :
       {"bin/herald", "bin/herald-match", "bin/herald-selfplay", "bin/herald-tune", "share/man/man6/herald.6",
        "share/man/man6/herald-match.6", "share/man/man6/herald-selfplay.6", "share/man/man6/herald-tune.6",
        "share/herald/presets/chess.preset", "share/herald/presets/capablanca.preset",
        "share/herald/presets/include/herald-pieces.txt", "share/herald/presets/include/herald-rules.txt",
        "share/games/plugins/xboard/herald.eng"})
    EXPECT_TRUE(IsFile(prefix + "/" + file)) << file;
  std::string eng = programs::Slurp(prefix + "/share/games/plugins/xboard/herald.eng");
  EXPECT_EQ(eng.rfind("plugin spec 0.0\n" + prefix + "/bin/herald\n", 0), 0u) << eng;
  EXPECT_TRUE(eng.find("normal") != std::string::npos && eng.find("capablanca") != std::string::npos) << eng;

  // The installed program plays from any folder, with the presets built in.
  r = Shell("cd / && " + prefix + "/bin/herald perft capablanca startpos 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("nodes 784 ", 0), 0u) << r.out;
  r = Shell(prefix + "/bin/herald --version");
  EXPECT_EQ(r.out.rfind("herald ", 0), 0u) << r.out;

  // DESTDIR stages the same tree below it; uninstall of both leaves no file behind.
  r = Shell(make + " DESTDIR=" + destdir + " install");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(IsFile(destdir + prefix + "/bin/herald"));
  EXPECT_EQ(programs::Slurp(destdir + prefix + "/share/games/plugins/xboard/herald.eng"), eng)
      << "the entry names the final place, not the staging one";
  r = Shell(make + " DESTDIR=" + destdir + " uninstall && " + make + " uninstall");
  EXPECT_EQ(r.status, 0) << r.err;
  r = Shell("find " + std::string(name) + " -type f");
  EXPECT_EQ(r.out, "") << "left behind";
  r = Shell("find " + std::string(name) + " -mindepth 1 -name 'herald*'");
  EXPECT_EQ(r.out, "") << "Herald's own folders are gone too";
  (void)!std::system(("rm -rf " + std::string(name)).c_str());
}

} // namespace
