// The library's host code that the kernel file's launch function calls.
#include "fat_library.h"

namespace fat_library {
namespace {
int open_notes = 0;
}  // namespace

LaunchNote::LaunchNote(const char* /*kernel*/) { ++open_notes; }
LaunchNote::~LaunchNote() { --open_notes; }

int notes_open() { return open_notes; }

}  // namespace fat_library
