//
//  JSONSchemaTests.swift
//  The structure of the schemas JSONAdapter.jsonSchema(of:options:) makes.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("JSON Schema")
struct JSONSchemaTests {
    @Test func smoke() throws {
        print(try JSONAdapter.jsonSchema(of: Zoo.self))
    }
}
