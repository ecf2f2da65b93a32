// Offline with an empty spec cache: the build fails before any network use and says what to do.
def log = new File(basedir, 'build.log').text
assert log.contains('amdisa: offline, and http://127.0.0.1:9/download/machine-readable-isa/AMD_GPU_MR_ISA_XML_2026_08_06.zip (SHA-256 82404f1126761b7877595b622afa7e1f311f2f41e89a3abe9aaf8ad045c082e2) is not in the spec cache')
assert log.contains('download the file yourself and give its path as the spec input')
assert !new File(basedir, 'target/generated-sources/amdisa/it').exists()
return true
