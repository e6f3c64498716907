// libFuzzer's own mutator, for the custom mutator in LineMutator.swift (bridging header).
#include <stddef.h>
#include <stdint.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);
