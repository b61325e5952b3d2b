package main

import (
	"crypto/x509"
	"os"
	"runtime"

	"golang.org/x/crypto/x509roots/fallback/bundle"
)

// systemRoots are where Go looks for a Linux system's CA certificates (crypto/x509's
// certFiles and certDirectories).
var systemRoots = []string{
	"/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
	"/etc/pki/tls/cacert.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem",
	"/etc/ssl/certs", "/etc/pki/tls/certs", "/system/etc/security/cacerts",
}

// trustFallbackRoots makes Mozilla's roots (golang.org/x/crypto/x509roots/fallback's bundle)
// the ones https://intervals.icu is checked against on a Linux system that has none: the
// container image is the binary alone, with no CA certificates beside it. Where the system has
// its own (any desktop, any other image), nothing is parsed: the bundle's 150 certificates
// cost a stdio server about 2 MiB it would keep all day.
func trustFallbackRoots() {
	if runtime.GOOS != "linux" || os.Getenv("SSL_CERT_FILE") != "" || os.Getenv("SSL_CERT_DIR") != "" {
		return
	}
	for _, p := range systemRoots {
		if _, err := os.Stat(p); err == nil {
			return
		}
	}
	pool := x509.NewCertPool()
	for c := range bundle.Roots() {
		cert, err := x509.ParseCertificate(c.Certificate)
		if err != nil {
			continue
		}
		if c.Constraint == nil {
			pool.AddCert(cert)
		} else {
			pool.AddCertWithConstraint(cert, c.Constraint)
		}
	}
	x509.SetFallbackRoots(pool)
}
