//
//  DictionaryStorageTests.swift
//  Reading a dictionary's entries in its storage object and finding a key's
//  bucket there (`DictionaryStorage`), as the equality plans do: the layout
//  and look-up facts its SAFETY comments rely on, against the dictionaries'
//  own API, for dictionaries made in every way a model gets one.
//

import Foundation
import Testing
@testable import MantleCore

private struct Triple: Equatable { var a: UInt8, b: String, c: Double }

@Suite("Reflection: a dictionary's storage read in place")
struct DictionaryStorageTests {
    /// Checks that `DictionaryStorage` reads `dictionary`'s count and entries
    /// as its own API gives them, finds every key in the bucket holding its
    /// value, and finds `absent` nowhere.
    private func expectReadsInPlace<Key: Hashable, Value: Equatable>(
        _ dictionary: [Key: Value], absent: Key, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        withUnsafePointer(to: dictionary) { address in
            guard let storage = CollectionStorage.object(at: UnsafeRawPointer(address)) else {
                Issue.record("no storage", sourceLocation: sourceLocation)
                return
            }
            #expect(CollectionStorage.count(storage) == dictionary.count, sourceLocation: sourceLocation)
            var read: [(Key, Value)] = []
            let finished = DictionaryStorage.forEachOccupiedBucket(in: storage) { bucket in
                let key = DictionaryStorage.key(at: bucket, in: storage, as: Key.self)
                read.append((key, DictionaryStorage.value(at: bucket, in: storage, as: Value.self).pointee))
                #expect(DictionaryStorage.bucket(of: key, in: storage) == bucket, sourceLocation: sourceLocation)
                return true
            }
            #expect(finished, sourceLocation: sourceLocation)
            #expect(read.map(\.0) == Array(dictionary.keys), sourceLocation: sourceLocation)
            #expect(read.map(\.1) == Array(dictionary.values), sourceLocation: sourceLocation)
            #expect(DictionaryStorage.bucket(of: absent, in: storage) == nil, sourceLocation: sourceLocation)
        }
    }

    @Test("the layout and look-up check out on this platform")
    func readable() {
        #expect(DictionaryStorage.isReadable)
    }

    @Test("count, entries and look-ups read in place agree with the dictionary's own API however it was made")
    func readsInPlace() {
        let numbers: [Int: Int] = Dictionary(uniqueKeysWithValues: (0..<500).map { ($0 &* 31, $0) })
        expectReadsInPlace([Int: Int](), absent: 0)                    // the shared empty storage
        expectReadsInPlace([7: 49], absent: 8)
        expectReadsInPlace(numbers, absent: 1)
        var shrunk = numbers
        for key in stride(from: 0, to: 15_500, by: 62) { shrunk[key] = nil }  // entries shifted back
        expectReadsInPlace(shrunk, absent: 0)
        var emptied = numbers
        emptied.removeAll(keepingCapacity: true)                       // allocated, count 0
        expectReadsInPlace(emptied, absent: 31)
        var reserved = [String: Int](minimumCapacity: 1000)              // room beyond the count
        for index in 0..<10 { reserved["key \(index)"] = index }
        expectReadsInPlace(reserved, absent: "key 10")
        expectReadsInPlace(numbers.filter { $0.value.isMultiple(of: 3) }, absent: 31)
        expectReadsInPlace(numbers.mapValues { Triple(a: UInt8($0 % 256), b: "\($0)", c: Double($0)) }, absent: 1)
        expectReadsInPlace(["a": nil, "b": "long string that is not stored inline", "c": "c"] as [String: String?],
                           absent: "d")
        // Bridged through Foundation and back (on Darwin, dictionaries of struct values come back native).
        let bridged = NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: (0..<50).map { ("\($0)", $0) }))
        let back = bridged as? [String: Int] ?? [:]
        #expect(back.count == 50)
        expectReadsInPlace(back, absent: "50")
    }
}
