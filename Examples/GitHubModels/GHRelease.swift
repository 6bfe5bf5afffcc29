import Foundation
import JSONAdapter

/// A file attached to a release.
public struct GHAsset: JSONSerializing {
    /// The numeric id.
    public var id = 0
    /// The file name.
    public var name = ""
    /// The MIME type.
    public var contentType = ""
    /// Size in bytes.
    public var size = 0
    /// Downloads so far.
    public var downloadCount = 0
    /// Where to download it.
    public var browserDownloadURL: URL?
    /// Who uploaded it.
    public var uploader: GHUser?

    /// An empty asset.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "name", "contentType": "content_type", "size": "size",
        "downloadCount": "download_count", "browserDownloadURL": "browser_download_url", "uploader": "uploader",
    ]
}

/// A release (`GET /repos/{owner}/{repo}/releases/tags/{tag}`).
public struct GHRelease: JSONSerializing {
    /// The numeric id.
    public var id = 0
    /// The tag.
    public var tagName = ""
    /// The title.
    public var name: String?
    /// The notes.
    public var body: String?
    /// Whether it is a draft.
    public var isDraft = false
    /// Whether it is a pre-release.
    public var isPrerelease = false
    /// Who made it.
    public var author: GHUser?
    /// Attached files.
    public var assets: [GHAsset] = []
    /// The web page.
    public var htmlURL: URL?
    /// Source archive.
    public var tarballURL: URL?
    /// Creation time.
    public var createdAt: Date?
    /// Publication time.
    public var publishedAt: Date?

    /// An empty release.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "tagName": "tag_name", "name": "name", "body": "body", "isDraft": "draft",
        "isPrerelease": "prerelease", "author": "author", "assets": "assets", "htmlURL": "html_url",
        "tarballURL": "tarball_url", "createdAt": "created_at", "publishedAt": "published_at",
    ]
}
