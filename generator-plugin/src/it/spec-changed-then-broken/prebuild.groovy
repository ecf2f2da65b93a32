// A folder with one spec file (the bundled, reconstructed CDNA 2 spec as plain XML).
import io.github.amdisa.isaxml.Generation
import io.github.amdisa.isaxml.load.SpecSources

def dir = new File(basedir, 'specs')
dir.mkdirs()
new File(dir, 'amdgpu_isa_cdna2.xml').withOutputStream { out ->
    SpecSources.bundled(Generation.CDNA2).open().withCloseable { it.transferTo(out) }
}
return true
