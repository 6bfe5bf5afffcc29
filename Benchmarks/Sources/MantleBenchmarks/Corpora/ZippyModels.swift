// Full models of three of ZippyJSON's benchmark corpora (mesh.json, random.json,
// apache_builds.json), field for field the Codable models of ZippyJSON's tests,
// and their plain `Codable, Hashable` twins. Read from `--corpora-dir` (see
// ``ExtraCorpora``); no file of ZippyJSON is part of this repository.
import Foundation
import JSONAdapter

/// An object that is always empty in the corpus (`{}`).
struct EmptyObject: JSONSerializing, Codable {
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
}

/// The library's models of mesh.json, random.json and apache_builds.json; JSON keys are the property names.
enum ZippyCorpus {
    struct Mesh: JSONSerializing {
        var batches: [MeshBatch] = []
        var morphTargets = EmptyObject()
        var positions: [Double] = []
        var tex0: [Double] = []
        var colors: [Int] = []
        var influences: [[Double]] = []
        var normals: [Double] = []
        var indices: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct MeshBatch: JSONSerializing {
        var indexRange: [Int] = []
        var vertexRange: [Int] = []
        var usedBones: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Random: JSONSerializing {
        var id = 0
        var jsonrpc = ""
        var total = 0
        var result: [RandomUser] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct RandomUser: JSONSerializing {
        var id = 0
        var avatar = ""
        var age = 0
        var admin = false
        var name = ""
        var company = ""
        var phone = ""
        var email = ""
        var birthDate = ""
        var friends: [RandomFriend] = []
        var field = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct RandomFriend: JSONSerializing {
        var id = 0
        var name = ""
        var phone = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct ApacheBuilds: JSONSerializing {
        var assignedLabels: [EmptyObject] = []
        var mode = ""
        var nodeDescription = ""
        var nodeName = ""
        var numExecutors = 0
        var description = ""
        var jobs: [ApacheJob] = []
        var overallLoad = EmptyObject()
        var primaryView = ApacheView()
        var quietingDown = false
        var slaveAgentPort = 0
        var unlabeledLoad = EmptyObject()
        var useCrumbs = false
        var useSecurity = false
        var views: [ApacheView] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct ApacheJob: JSONSerializing {
        var name = ""
        var url = ""
        var color = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct ApacheView: JSONSerializing {
        var name = ""
        var url = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}

/// The plain twins of ``ZippyCorpus``'s models: the same fields and types, with
/// synthesized `Codable` and `Hashable` conformances.
enum ZippyTwin {
    struct Mesh: Codable, Hashable {
        var batches: [MeshBatch] = []
        var morphTargets = EmptyObject()
        var positions: [Double] = []
        var tex0: [Double] = []
        var colors: [Int] = []
        var influences: [[Double]] = []
        var normals: [Double] = []
        var indices: [Int] = []
    }

    struct MeshBatch: Codable, Hashable {
        var indexRange: [Int] = []
        var vertexRange: [Int] = []
        var usedBones: [Int] = []
    }

    struct Random: Codable, Hashable {
        var id = 0
        var jsonrpc = ""
        var total = 0
        var result: [RandomUser] = []
    }

    struct RandomUser: Codable, Hashable {
        var id = 0
        var avatar = ""
        var age = 0
        var admin = false
        var name = ""
        var company = ""
        var phone = ""
        var email = ""
        var birthDate = ""
        var friends: [RandomFriend] = []
        var field = ""
    }

    struct RandomFriend: Codable, Hashable {
        var id = 0
        var name = ""
        var phone = ""
    }

    struct ApacheBuilds: Codable, Hashable {
        var assignedLabels: [EmptyObject] = []
        var mode = ""
        var nodeDescription = ""
        var nodeName = ""
        var numExecutors = 0
        var description = ""
        var jobs: [ApacheJob] = []
        var overallLoad = EmptyObject()
        var primaryView = ApacheView()
        var quietingDown = false
        var slaveAgentPort = 0
        var unlabeledLoad = EmptyObject()
        var useCrumbs = false
        var useSecurity = false
        var views: [ApacheView] = []
    }

    struct ApacheJob: Codable, Hashable {
        var name = ""
        var url = ""
        var color = ""
    }

    struct ApacheView: Codable, Hashable {
        var name = ""
        var url = ""
    }
}
