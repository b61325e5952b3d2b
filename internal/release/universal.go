package release

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"fmt"
)

// Universal joins thin Mach-O executables (darwin/amd64 and darwin/arm64) into one
// universal ("fat") binary, as lipo -create does, so that the bundle's one darwin command
// runs on Intel and Apple silicon Macs. The format: a big-endian header (magic 0xcafebabe,
// count), one fat_arch per slice (cpu type, subtype, offset, size, alignment as a power of
// two), then each slice at an offset aligned to 2^14 bytes (lipo's alignment for arm64,
// valid for x86_64).
func Universal(thins ...[]byte) ([]byte, error) {
	const align = 14
	type fatArch struct {
		CPU, SubCPU         uint32
		Offset, Size, Align uint32
	}
	archs := make([]fatArch, len(thins))
	offset := uint32(1 << align)
	for i, t := range thins {
		f, err := macho.NewFile(bytes.NewReader(t))
		if err != nil {
			return nil, fmt.Errorf("slice %d is not a Mach-O file: %w", i, err)
		}
		archs[i] = fatArch{CPU: uint32(f.Cpu), SubCPU: f.SubCpu, Offset: offset, Size: uint32(len(t)), Align: align}
		offset += (uint32(len(t)) + 1<<align - 1) &^ (1<<align - 1)
	}
	var b bytes.Buffer
	_ = binary.Write(&b, binary.BigEndian, [2]uint32{macho.MagicFat, uint32(len(thins))})
	_ = binary.Write(&b, binary.BigEndian, archs)
	for i, t := range thins {
		b.Write(make([]byte, int(archs[i].Offset)-b.Len()))
		b.Write(t)
	}
	return b.Bytes(), nil
}
