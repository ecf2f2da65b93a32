// Build 2 changed the spec's ReleaseDate: all files were regenerated and their headers name the new date and the
// new digest. Build 3 broke a number: the build failed with the file, line and column of the problem, and the
// output of build 2 is still there, unchanged.
import java.security.MessageDigest

def isa = new File(basedir, 'target/generated-sources/amdisa/it/changed/cdna2/Cdna2Isa.java')
assert isa.isFile()
def header = isa.text
assert header.contains('ReleaseDate 2031-01-01, sha256 ')
def log = new File(basedir, 'build.log').text
def written = (log =~ /amdisa: (\d+) files written, (\d+) unchanged, 0 deleted/)
assert written.find()
def n = written.group(1) as int
assert written.find() : 'second build regenerated'
assert (written.group(1) as int) == n && (written.group(2) as int) == 0
assert log =~ /amdgpu_isa_cdna2\.xml:\d+:\d+: error: BAD_NUMBER/
assert log.contains('BUILD FAILURE')
def files = isa.parentFile.listFiles().findAll { it.name.endsWith('.java') }
assert files.size() == n
files.each { assert it.text.contains('ReleaseDate 2031-01-01, sha256 ') : it }
return true
