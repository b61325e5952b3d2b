package bench

import "fmt"

// The budgets make bench checks: what every user of the server pays, on any host. A figure
// in time is not among them: a host's own noise moves it more than the code does.
const (
	// BinaryBudget is the release binary's size in bytes (static, -trimpath, stripped).
	BinaryBudget = 25_000_000
	// IdleAnonBudget is the anonymous resident memory (RssAnon: heap, stacks, the runtime's),
	// in kB, of a stdio server at rest after the handshake and tools/list: what it holds of
	// its own. The rest of its RSS is its binary's pages, which the kernel shares and reads
	// back from the file, and which move with the host's page cache (README.md, the budgets).
	IdleAnonBudget = 5 << 10
	// DefaultListTokenBudget is tools/list of the default toolsets in o200k tokens, which
	// every request to the model carries.
	DefaultListTokenBudget = 7500
)

// Budget is one budget's line: what was measured against its limit.
type Budget struct {
	Name     string
	Limit    string
	Measured string
	OK       bool
}

// CheckBudgets weighs the measurements against the budgets: the binary's size in bytes, the
// median idle anonymous RSS in kB and the default toolsets' tools/list in o200k tokens.
func CheckBudgets(binaryBytes int64, idleAnonKB, defaultListTokens int) []Budget {
	mib := func(kb int) string { return fmt.Sprintf("%.1f MiB", float64(kb)/1024) }
	mb := func(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/1e6) }
	return []Budget{
		{"release binary", "<= " + mb(BinaryBudget), mb(binaryBytes), binaryBytes <= BinaryBudget},
		{"idle anonymous RSS over stdio after tools/list", "<= " + mib(IdleAnonBudget), mib(idleAnonKB), idleAnonKB <= IdleAnonBudget},
		{"tools/list of the default toolsets", fmt.Sprintf("<= %d o200k tokens", DefaultListTokenBudget), fmt.Sprintf("%d o200k tokens", defaultListTokens), defaultListTokens <= DefaultListTokenBudget},
	}
}
