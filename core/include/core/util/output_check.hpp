#pragma once
// The one rule for every file a command writes, checked before anything runs:
//  - an output is never one of the command's inputs: not the same path, not a symbolic link to
//    it, not a hard link of it (same device and inode), and not a SQLite sibling of an input
//    catalog (-wal, -shm, -journal), so no command can replace the catalog it reads;
//  - an output has the declared kind: its extension is one the writer produces (a writer never
//    puts PNG bytes in a .jpg);
//  - the folder it goes into exists, and the output is not itself a folder.
// Violations throw OutputError naming the option, the path and the rule.
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace iglu::core {

class OutputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A file a command names on its command line: the option that names it ("--db") and its path.
struct NamedFile {
    std::string option;
    std::string path;
    bool catalog = false;  ///< a SQLite catalog: its -wal / -shm / -journal files are inputs too
};

/// Checks the output file `out` against `inputs` and `extensions` (lowercase, with the dot;
/// empty: any). Throws OutputError.
void checkOutputFile(const NamedFile& out, const std::vector<NamedFile>& inputs, std::initializer_list<std::string_view> extensions);

/// Checks an output folder (e.g. PNG frames): not an input, and when it exists a folder.
/// Throws OutputError.
void checkOutputFolder(const NamedFile& out, const std::vector<NamedFile>& inputs);

/// True when `a` and `b` name the same file (same device and inode once links are resolved, or,
/// when either does not exist, the same absolute path once symbolic links are resolved).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace iglu::core
