// Builds a zip laid out like AMD's GPUOpen bundle (a folder with one amdgpu_isa_<arch>.xml per generation and a
// text file) from two of the bundled, reconstructed specs, and a properties file that points a file: URL at it.
import io.github.amdisa.isaxml.Generation
import io.github.amdisa.isaxml.load.SpecSources
import java.security.MessageDigest
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

def zip = new File(basedir, 'bundle/AMD_GPU_MR_ISA_XML_test.zip')
zip.parentFile.mkdirs()
new ZipOutputStream(new FileOutputStream(zip)).withCloseable { z ->
    z.putNextEntry(new ZipEntry('AMD_GPU_MR_ISA_XML_test/README.txt'))
    z.write('Test bundle made from amdisa\'s reconstructed specs.\n'.bytes)
    z.closeEntry()
    [Generation.RDNA3, Generation.CDNA3].each { g ->
        z.putNextEntry(new ZipEntry('AMD_GPU_MR_ISA_XML_test/' + g.specFileName()))
        SpecSources.bundled(g).open().withCloseable { it.transferTo(z) }
        z.closeEntry()
    }
}
def sha = MessageDigest.getInstance('SHA-256').digest(zip.bytes).encodeHex().toString()
new File(basedir, 'url.properties').text = "specInput=${zip.toURI()}#sha256=${sha}\n"
return true
