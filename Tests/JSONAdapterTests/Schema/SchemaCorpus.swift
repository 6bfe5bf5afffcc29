//
//  SchemaCorpus.swift
//  The models of the schema corpus, each with its configuration and the
//  documents it is checked with: the GitHub models with the real API
//  responses of Examples/Fixtures, the examples' models, and the test suites'
//  models with the JSON their tests decode. The runner adds a sample
//  document of each, the encoded default model, the objects of nested models
//  found in accepted documents, and mutants.
//

import Foundation
import GitHubModels
import MantleTestSupport
@testable import ExampleCatalog
@testable import JSONAdapter

/// A model type, the configuration it is decoded with, and documents.
struct SchemaCorpusEntry {
    /// The model type.
    let type: any JSONSerializing.Type
    /// A name for the configuration (`""` for the standard one).
    let configurationName: String
    /// The configuration.
    let configuration: JSONAdapter.Configuration
    /// Documents with a label each (whether the decoder accepts them is its verdict).
    let documents: [(label: String, data: Data)]

    /// An entry; `documents` are JSON texts.
    init(_ type: any JSONSerializing.Type, _ configurationName: String = "",
         _ configuration: JSONAdapter.Configuration = .standard, texts: [String] = [], documents: [(String, Data)] = []) {
        self.type = type
        self.configurationName = configurationName
        self.configuration = configuration
        self.documents = documents + texts.enumerated().map { ("test JSON #\($0.offset)", Data($0.element.utf8)) }
    }
}

enum SchemaCorpus {
    /// The objects of a fixture: its elements when it is an array, else itself.
    static func fixture(_ name: String) -> [(String, Data)] {
        guard let data = try? GitHubFixtures.data(name), let tree = SchemaCorpusTree(parsing: data) else { return [] }
        if case .array(let elements) = tree {
            return elements.enumerated().map { ("\(name).json[\($0.offset)]", Data($0.element.text.utf8)) }
        }
        return [("\(name).json", data)]
    }

    /// A configuration with `change` applied.
    static func configuration(_ change: (inout JSONAdapter.Configuration) -> Void) -> JSONAdapter.Configuration {
        var configuration = JSONAdapter.Configuration()
        change(&configuration)
        return configuration
    }

    /// Every entry.
    static var entries: [SchemaCorpusEntry] {
        gitHub + examples + suites + schemaModels
    }

    /// The GitHub models with the recorded API responses.
    static var gitHub: [SchemaCorpusEntry] {
        [
            SchemaCorpusEntry(GHIssue.self, documents: fixture("issues")),
            SchemaCorpusEntry(GHSearchResult.self, documents: fixture("search-issues")),
            SchemaCorpusEntry(GHLabel.self, documents: fixture("labels")),
            SchemaCorpusEntry(GHRepository.self, documents: fixture("repository")),
            SchemaCorpusEntry(GHOrganization.self, documents: fixture("organization")),
            SchemaCorpusEntry(GHRelease.self, documents: fixture("release")),
            SchemaCorpusEntry(GHCombinedStatus.self, documents: fixture("combined-status")),
            SchemaCorpusEntry(GHValidationError.self, documents: fixture("validation-error")),
            SchemaCorpusEntry(GHUser.self), SchemaCorpusEntry(GHAsset.self), SchemaCorpusEntry(GHStatus.self),
            SchemaCorpusEntry(GHValidationError.Detail.self),
        ]
    }

    /// The examples' models, with the JSON the examples decode.
    static var examples: [SchemaCorpusEntry] {
        [
            SchemaCorpusEntry(ErrorsExample.Repository.self, texts: [
                #"{"name": "mantle", "stargazers_count": "many"}"#, #"{"name": "mantle", "owner": {"login": 42}}"#,
                #"{"name": "mantle", "stargazers_count": 1.5}"#, #"{"name": "mantle", "stargazers_count": 2}"#,
            ]),
            SchemaCorpusEntry(TransformersExample.Tweet.self, texts: [
                #"{"id": 505874924095815681, "text": "Swift on Linux", "created_at": "Sun Aug 31 00:29:15 +0000 2014", "retweet_count": 3, "lang": "fr"}"#,
            ]),
            SchemaCorpusEntry(ClassClustersExample.Message.self, texts: [
                #"{"id": 1, "type": "text", "body": "Hello"}"#,
                #"{"id": 2, "type": "picture", "image_url": "https://example.com/cat.png"}"#,
            ]),
            SchemaCorpusEntry(ClassClustersExample.TextMessage.self),
            SchemaCorpusEntry(ClassClustersExample.PictureMessage.self),
            SchemaCorpusEntry(JSONSchemaExample.BugReport.self, texts: [
                #"{"title": "Crash on launch", "severity": "high", "steps": ["Open the app"], "affected_version": null, "reporter": {"login": "octocat", "email": null}}"#,
                #"{"title": "Slow", "severity": "low", "steps": ["Scroll", "Wait"], "affected_version": "2.1", "reporter": {"login": "a", "email": "a@example.com"}}"#,
            ]),
        ]
    }

    /// The test suites' models, with the JSON their tests decode.
    static var suites: [SchemaCorpusEntry] {
        var entries = [
            SchemaCorpusEntry(ValueModels.EveryType.self, texts: TypeDrivenDecodingTests.validCases.map(\.json)
                + TypeDrivenDecodingTests.invalidCases.map(\.json) + TypeDrivenDecodingTests.strictCases.map(\.json)),
            SchemaCorpusEntry(ValueModels.Strict.self),
            SchemaCorpusEntry(ValueModels.AnyHolder.self, texts: TypeDrivenDecodingTests.anyValues.map { #"{"value": \#($0), "maybe": \#($0)}"# }),
            SchemaCorpusEntry(ValueModels.Defaults.self, texts: MissingNullValidationTests.cases.map(\.json)
                + MissingNullValidationTests.nullCases.map(\.json) + MissingNullValidationTests.intermediateCases.map(\.json)),
            SchemaCorpusEntry(ValidatedModels.ValidatedHolder.self),
            SchemaCorpusEntry(MessageCluster.Message.self),
            SchemaCorpusEntry(AlternativeKeyPathTests.Person.self, texts: AlternativeKeyPathTests.decodeCases.map(\.json)
                + AlternativeKeyPathTests.errorCases.map(\.json)),
            SchemaCorpusEntry(AlternativeKeyPathTests.Renamed.self, "snakeCase",
                              configuration { $0.keyConversion = .snakeCase },
                              texts: [#"{"display_name": "a"}"#, #"{"profile": {"screen_name": "a"}}"#, #"{"profile": 1}"#]),
            SchemaCorpusEntry(AlternativeKeyPathTests.Keeper.self, texts: [#"{"full_name": "B", "fullName": "A", "extra": [1]}"#]),
            SchemaCorpusEntry(AlternativeKeyPathTests.Forgiving.self, texts: [#"{"total": "many"}"#, #"{"count": null}"#]),
            SchemaCorpusEntry(AlternativeKeyPathTests.Adoption.self),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Kennel.self, texts: ArrayIndexKeyPathTests.decodeCases.map(\.json)
                + ArrayIndexKeyPathTests.errorCases.map(\.json)),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Unusual.self, texts: [
                #"{"a": {"01": "x"}, "b": {"99999999999999999999": "y"}, "c": {"-1": "z"}}"#, #"{"b": ["p", "q"]}"#,
            ]),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Pack.self),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Issue.self),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Prefixed.self, "prefixed",
                              configuration { $0.keyConversion = .custom { "x_" + $0 } },
                              texts: [#"{"x_data": [{}, {"x_dog": "Rex"}]}"#]),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Feed.self,
                              texts: [#"{"entries": [{"title": "a", "id": 1}, {"title": "b", "id": 2}], "next": "x"}"#]),
            SchemaCorpusEntry(ArrayIndexKeyPathTests.Forgiving.self, texts: [#"{"items": [0, 1, {"name": []}]}"#]),
            SchemaCorpusEntry(TypeDiscriminatorTests.Event.self, documents: eventDocuments),
            SchemaCorpusEntry(TypeDiscriminatorTests.StrictEvent.self, texts: [
                #"{"id": "1", "type": "PushEvent"}"#, #"{"id": "2", "type": "ForkEvent"}"#, #"{"id": "1"}"#,
                #"{"id": "1", "type": {"name": "PushEvent"}}"#,
            ]),
            SchemaCorpusEntry(UnknownKeysTests.KeepingIssue.self, documents: fixture("issues").prefix(3).map { $0 }),
            SchemaCorpusEntry(UnknownKeysTests.ForgetfulIssue.self, documents: fixture("issues").prefix(3).map { $0 }),
            SchemaCorpusEntry(KeyedDictionaryTests.Catalog.self),
            SchemaCorpusEntry(EscapedKeyPathTests.Ship.self),
        ]
        for (leniency, jsons) in Dictionary(grouping: LeniencyTests.scalarCases, by: \.leniency.rawValue) {
            entries.append(SchemaCorpusEntry(LeniencyTests.Scalars.self, "leniency\(leniency)",
                                             configuration { $0.leniency = JSONLeniency(rawValue: leniency) },
                                             texts: jsons.map(\.json)))
        }
        for (leniency, jsons) in Dictionary(grouping: LeniencyTests.collectionCases, by: \.leniency.rawValue) {
            entries.append(SchemaCorpusEntry(LeniencyTests.Collections.self, "leniency\(leniency)",
                                             configuration { $0.leniency = JSONLeniency(rawValue: leniency) },
                                             texts: jsons.map(\.json)))
        }
        entries.append(SchemaCorpusEntry(PortedLeniencyTests.Issue.self, "singleObjectAsArray",
                                         configuration { $0.leniency = .singleObjectAsArray }, texts: [
            #"{"title": "t", "labels": {"name": "bug"}, "tags": {"name": "x"}, "assignees": {"name": "kim"}}"#,
            #"{"labels": [{"name": "bug"}], "assignees": null}"#, #"{"labels": "bug"}"#, #"{"labels": {"name": 7}}"#,
        ]))
        entries.append(SchemaCorpusEntry(PortedLeniencyTests.OptedIn.self,
                                         texts: [#"{"labels": {"name": "a"}}"#, #"{"others": {"name": "b"}}"#]))
        for format in [JSONAdapter.Configuration.DateFormat.secondsSince1970, .millisecondsSince1970] {
            entries.append(SchemaCorpusEntry(PortedLeniencyTests.Event.self, "numericDateStrings\(format)",
                                             configuration { $0.dateFormat = format; $0.leniency = .numberStringCoercion },
                                             texts: [
                #"{"at": "1372701600", "until": "1.5", "history": ["-86400", 12]}"#, #"{"at": " 12"}"#,
                #"{"at": "12s"}"#, #"{"until": null}"#,
            ]))
        }
        entries.append(SchemaCorpusEntry(LeniencyTests.PerProperty.self,
                                         texts: [#"{"count": "3", "strictCount": 4}"#, #"{"strictCount": "4"}"#]))
        entries.append(SchemaCorpusEntry(JSONConstraintTests.Profile.self, texts: [
            #"{"bio": "abc", "owner": {"login": "a", "id": 1}}"#, #"{"bio": null}"#, #"{"owner": {"login": "kim"}}"#,
            #"{"bio": "abcd"}"#, #"{"bio": 3}"#,
        ]))
        return entries
    }

    /// The events of the type discriminator tests, one document each.
    static var eventDocuments: [(String, Data)] {
        guard let tree = SchemaCorpusTree(parsing: Data(TypeDiscriminatorTests.events.utf8)),
              case .array(let elements) = tree else { return [] }
        return elements.enumerated().map { ("events[\($0.offset)]", Data($0.element.text.utf8)) }
            + [("no type", Data(#"{"id": "4"}"#.utf8)), ("numeric type", Data(#"{"id": "5", "type": 7}"#.utf8))]
    }

    /// The schema tests' own models, in every configuration that shapes them.
    static var schemaModels: [SchemaCorpusEntry] {
        typealias Models = JSONSchemaTests
        var entries = [
            SchemaCorpusEntry(Models.Recipe.self, texts: [
                #"{"id": "0f8fad5b-d9cb-469f-a165-70867728950e", "name": "Soup", "servings": 4, "rating": 4.5, "tags": ["hot", "easy"], "difficulty": "medium", "mood": "busy", "steps": [{"text": "Boil", "minutes": 10}, {"text": "Serve"}], "source": "https://example.com/soup", "created_at": "2024-02-29T12:00:00+01:00", "photo": "AAEC", "notes": {"salt": "a pinch"}, "course": "dessert", "nutrition": {"calories": 120}, "code": "ABC"}"#,
                #"{"name": "Soup", "servings": 4, "code": "ABC", "difficulty": "medium", "course": "dessert"}"#,
                #"{"name": "", "servings": 0, "rating": 5.5, "code": "abc", "course": "starter"}"#,
                #"{"nutrition": null, "photo": "AAEC", "created_at": "2024-02-30T00:00:00Z"}"#,
            ]),
            SchemaCorpusEntry(Models.TreeNode.self, texts: [
                #"{"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}], "next": {"a": {"value": 4}}}"#,
            ]),
            SchemaCorpusEntry(Models.Widths.self),
            SchemaCorpusEntry(Models.Paths.self, texts: [
                #"{"address": null}"#, #"{"address": {"city": null}}"#, #"{"address": {"zip": null}}"#,
                #"{"data": [{}, {"dog": {"name": "Rex"}}], "scores": [3]}"#, #"{"data": {"1": {"dog": null}}}"#,
                #"{"scores": {"0": 5}}"#, #"{"scores": []}"#, #"{"full_name": "B", "fullName": 1}"#,
                #"{"profile": 1, "age": 3}"#, #"{"profile": 1}"#, #"{"a.b": "dot", "a": {"b": 1}}"#,
                #"{"lat": 1.5, "geo": {"lng": 2}}"#, #"{"lat": "x"}"#,
            ]),
            SchemaCorpusEntry(Models.Zoo.self, texts: [
                #"{"animals": [{"kind": "dog", "barks": true}, {"kind": "cat", "details": {"lives": 3}}, {"kind": "cow"}, {}]}"#,
                #"{"star": {"kind": "dog"}}"#, #"{"star": {"kind": "cat", "details": {"lives": 10}}}"#,
            ]),
            SchemaCorpusEntry(Models.Animal.self), SchemaCorpusEntry(Models.Cat.self),
            SchemaCorpusEntry(Models.Message.self, texts: [
                #"{"meta": {"kind": "text"}, "body": "hi"}"#, #"{"meta": {"kind": 1}}"#, #"{"meta": null}"#,
                #"{"id": 3}"#, #"{"meta": {"kind": "audio"}}"#,
            ]),
            SchemaCorpusEntry(Models.Opaque.self, texts: [##"{"geo": {"lat": 1, "lng": 2}, "color": "#ff0000", "extra": 1}"##]),
            SchemaCorpusEntry(Models.Keyed.self, texts: [
                #"{"byID": {"007": "x", "-3": "y"}, "byLevel": {"1": true}, "unique": [1, 2]}"#,
                #"{"byID": {"x": "y"}}"#, #"{"byLevel": {"3": true}}"#,
            ]),
            SchemaCorpusEntry(Models.Stamped.self),
        ]
        let stampings: [(String, (inout JSONAdapter.Configuration) -> Void)] = [
            ("seconds", { $0.dateFormat = .secondsSince1970; $0.dataEncoding = .base64URL }),
            ("milliseconds", { $0.dateFormat = .millisecondsSince1970; $0.dataEncoding = .hex }),
            ("pattern", { $0.dateFormat = .pattern("yyyy-MM-dd"); $0.dataEncoding = .byteArray }),
        ]
        for (name, change) in stampings {
            entries.append(SchemaCorpusEntry(Models.Stamped.self, name, configuration(change)))
        }
        return entries
    }
}
