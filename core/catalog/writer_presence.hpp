#pragma once
// Whether another process has the same catalog file open for writing. Each process that opens a
// catalog for writing takes part under one name per file (its device and inode), with no file
// and no lock on the catalog itself (Linux abstract Unix socket; elsewhere: never reported): the
// first process listens, the others connect to it, so both sides see each other until one exits.
// Writers of the same process share one membership (a DataService and an experiment worker thread
// are one program).
#include <memory>
#include <string>

namespace iglu::catalog {

class WriterPresence {
public:
    /// Joins the writers of `path` (an existing file). Never throws: a failure means "not known".
    explicit WriterPresence(const std::string& path);
    ~WriterPresence();
    WriterPresence(const WriterPresence&) = delete;
    WriterPresence& operator=(const WriterPresence&) = delete;

    /// True while another process has the file open for writing. Cheap (no blocking call).
    bool otherProcess();

    struct Endpoint;

private:
    std::shared_ptr<Endpoint> endpoint_;
};

}  // namespace iglu::catalog
