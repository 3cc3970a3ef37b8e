// The library's host code that the kernel file's launch function calls.
#include "fat_library.h"

namespace fat_library {
namespace {
int notes = 0;
}  // namespace

LaunchNote::LaunchNote(const char* kernel) : kernel_(kernel) { ++notes; }
LaunchNote::~LaunchNote() { notes += kernel_ != nullptr ? 1 : 0; }

int notes_taken() { return notes; }

}  // namespace fat_library
