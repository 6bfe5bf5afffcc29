//  URL strings as `URL(string:)` of current Foundation reads them: non-ASCII
//  characters, spaces and stray percent signs are percent-encoded (a host's
//  letters become Punycode), on both decoding paths, through the declared
//  type and the `.url` transformer; `""` and strings `URL(string:)` refuses
//  fail; encoding writes `absoluteString`, which reads back as the same URL.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Key paths: URL strings as URL(string:) reads them")
struct URLStringTests {
    /// URLs by declared type, and through the predefined transformer.
    struct Link: JSONSerializing {
        var url: URL?
        var urls: [URL] = []
        var viaTransformer: URL?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "url": "url", "urls": "urls", "viaTransformer": "via_transformer",
        ]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            key == "viaTransformer" ? .url : nil
        }
    }

    static let strings = [
        "https://example.com/café", "https://例え.jp/パス", "https://example.com/a b?q=ü#frag ment", "not a url",
        "é", "%", "https://example.com/%zz", "https://example.com/caf%C3%A9", "mailto:zoë@example.com",
        "http://[::1", "https://exa mple.com/", "", " ",
    ]

    @Test("a string decodes to URL(string:)'s URL, or fails where it gives none",
          arguments: DecodingPath.allCases, strings)
    func decodes(path: DecodingPath, string: String) throws {
        let oracle = string.isEmpty ? nil : URL(string: string)
        for key in ["url", "urls", "via_transformer"] {
            let value: Any = key == "urls" ? [string] : string
            let decode = { try path.decode(Link.self, object: [key: value]) }
            guard let oracle else {
                let error = try #require(adapterError { _ = try decode() })
                #expect(error.code == .invalidValue)
                #expect(error.jsonKeyPath == (key == "urls" ? "urls[0]" : key))
                continue
            }
            let link = try decode()
            let decoded = key == "url" ? link.url : key == "urls" ? link.urls.first : link.viaTransformer
            #expect(decoded == oracle)
            #expect(decoded?.absoluteString == oracle.absoluteString)
        }
    }

    @Test("encoding writes absoluteString, which decodes to the same URL", arguments: DecodingPath.allCases, strings)
    func roundTrips(path: DecodingPath, string: String) throws {
        guard !string.isEmpty, let url = URL(string: string) else { return }
        var link = Link()
        link.url = url
        link.urls = [url]
        link.viaTransformer = url
        let encoded = try path.encode(link)
        #expect(encoded["url"] as? String == url.absoluteString)
        #expect((encoded["urls"] as? [Any])?.first as? String == url.absoluteString)
        #expect(encoded["via_transformer"] as? String == url.absoluteString)
        #expect(try path.decode(Link.self, object: encoded) == link)
    }

    @Test("non-ASCII text is percent-encoded as UTF-8")
    func percentEncoding() throws {
        // Older Apple systems' `URL(string:)` refuses such strings instead.
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let link = try DecodingPath.data.decode(Link.self, #"{"url": "https://example.com/café au lait"}"#)
        #expect(link.url?.absoluteString == "https://example.com/caf%C3%A9%20au%20lait")
    }
}
