import Foundation
import MantleInternals

/// How `==` and `hash(into:)` walk the permanent properties of one model
/// type, in place: built once per type from its descriptor, then shared.
///
/// A property becomes one step, chosen from its declared type:
/// - integers and `Bool` compare by their bytes, and neighbours in memory
///   form one run (exact: each value has one representation, no padding
///   inside a run);
/// - `String`, `String?`, `Double` and `[Int]` compare with their own `==`,
///   called directly;
/// - a struct model, an optional struct model and an array of struct models
///   are compared field by field where they are stored, through the nested
///   type's own plan, with no copy and no `RecursionGuard` look-up per model;
/// - everything else goes through its ``PropertyAccessor`` (the type's own
///   `==`, or the reflective rule).
///
/// A struct model is walked in place only when its `==` and `hash(into:)` are
/// the model defaults (``ModelEquality/usesModelEquality(_:)``): a type with its own keeps them.
/// Class models always go through their accessor, which keeps the cycle rule
/// of ``ModelEquality``. The result is the same as comparing each property
/// with its own `==` (what the steps replace), and each step hashes exactly
/// what it compares (the bytes of a run, the value otherwise), so models that
/// are `==` hash alike.
package final class EqualityPlan: @unchecked Sendable {
    /// One step of the walk. Steps refer to plans and accessors without
    /// retaining them: walking a model costs no reference counting.
    fileprivate enum Step {
        /// Bytes `[offset, offset + count)` compare and hash as bytes.
        case bytes(offset: Int, count: Int)
        /// A `String` at `offset`.
        case string(offset: Int)
        /// A `String?` at `offset`.
        case optionalString(offset: Int)
        /// A `Double` at `offset`.
        case double(offset: Int)
        /// An `[Int]` at `offset`.
        case integers(offset: Int)
        /// A struct model stored at `offset`, walked with its plan.
        case model(offset: Int, PlanReference)
        /// An optional or an array of struct models at `offset`, walked by
        /// `container` with the element's plan.
        case models(offset: Int, PlanReference, any InPlaceModelContainer.Type)
        /// Any other property, through its accessor.
        case property(AccessorReference)
    }

    /// A plan that a step holds without retaining it.
    ///
    /// SAFETY: the plan outlives every plan whose steps hold it: the plans
    /// built together are retained by the first of them (``members``), and
    /// plans taken from the cache stay there for the process's lifetime.
    /// `EqualityPlanTests` compares and hashes through nested plans that only
    /// their root's `members` retain (ASan runs them in CI).
    fileprivate struct PlanReference {
        unowned(unsafe) let plan: EqualityPlan
    }

    /// An accessor that a step holds without retaining it.
    ///
    /// SAFETY: the accessor belongs to the plan's ``descriptor``, which the
    /// plan retains for its lifetime.
    fileprivate struct AccessorReference {
        unowned(unsafe) let accessor: any PropertyAccessor
    }

    /// The descriptor of the model type.
    package let descriptor: ModelDescriptor
    /// The steps, set once while the plan is built (before it is published).
    /// A buffer the plan owns rather than an array, so that walking the steps
    /// retains nothing. Steps are trivial values (no references counted).
    private var steps = UnsafeMutableBufferPointer<Step>(start: nil, count: 0)
    /// The size of the model when its plan is one run of bytes covering all of
    /// it, padding-free (`Price { amount, id, count }`: 24), else 0: then an
    /// array of such models compares and hashes as one run of bytes.
    fileprivate private(set) var wholeBytes = 0
    /// The plans built with this one, when it is the first of a build: the
    /// owners of the plans its steps (and theirs) refer to.
    private var members: [EqualityPlan] = []

    private init(descriptor: ModelDescriptor) {
        self.descriptor = descriptor
    }

    deinit {
        steps.deallocate()
    }

    /// `true` when the permanent properties at two storage addresses of the
    /// model type are equal (see the type's rules).
    package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ state: RecursionGuard) -> Bool {
        equalSteps(lhs, rhs, state)
    }

    /// `true` when `count` models stored `stride` bytes apart from two
    /// addresses are equal pairwise: the elements of two arrays.
    fileprivate func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int, stride: Int,
                                   _ state: RecursionGuard) -> Bool {
        if wholeBytes > 0 {
            // SAFETY: both addresses start `count` elements of `wholeBytes` bytes each, stored
            // without padding (`wholeBytes` is the stride), whose bytes compare as the plan's
            // single run would, element by element.
            return Self.equalBytes(lhs, rhs, count * wholeBytes)
        }
        var left = lhs, right = rhs
        for _ in 0..<count {
            guard equalSteps(left, right, state) else { return false }
            left += stride
            right += stride
        }
        return true
    }

    /// Hashes `count` models stored `stride` bytes apart from an address: the elements of an array.
    fileprivate func hashElements(at base: UnsafeRawPointer, count: Int, stride: Int, into hasher: inout Hasher,
                                  _ state: RecursionGuard) {
        if wholeBytes > 0 {
            // SAFETY: as in `elementsEqual`.
            return Self.hashBytes(base, count * wholeBytes, into: &hasher)
        }
        var element = base
        for _ in 0..<count {
            hashSteps(at: element, into: &hasher, state)
            element += stride
        }
    }

    /// The steps of `isEqual`, inlined into the loop over an array's elements.
    @inline(__always)
    private func equalSteps(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ state: RecursionGuard) -> Bool {
        for step in steps {
            switch step {
            case .bytes(let offset, let count):
                guard Self.equalBytes(lhs + offset, rhs + offset, count) else { return false }
            case .string(let offset):
                // SAFETY: the runtime reported a stored `String` at `offset` in
                // the model type both addresses are instances of (see `build`).
                guard (lhs + offset).assumingMemoryBound(to: String.self).pointee
                        == (rhs + offset).assumingMemoryBound(to: String.self).pointee else { return false }
            case .optionalString(let offset):
                // SAFETY: as for `.string`, with a stored `String?`.
                guard (lhs + offset).assumingMemoryBound(to: String?.self).pointee
                        == (rhs + offset).assumingMemoryBound(to: String?.self).pointee else { return false }
            case .double(let offset):
                // SAFETY: as for `.string`, with a stored `Double`.
                guard (lhs + offset).assumingMemoryBound(to: Double.self).pointee
                        == (rhs + offset).assumingMemoryBound(to: Double.self).pointee else { return false }
            case .integers(let offset):
                // SAFETY: as for `.string`, with a stored `[Int]`.
                guard (lhs + offset).assumingMemoryBound(to: [Int].self).pointee
                        == (rhs + offset).assumingMemoryBound(to: [Int].self).pointee else { return false }
            case .model(let offset, let nested):
                guard nested.plan.isEqual(lhs + offset, rhs + offset, state) else { return false }
            case .models(let offset, let nested, let container):
                guard state.hasStackRoom,
                      container.elementsEqual(lhs + offset, rhs + offset, nested.plan, state) else { return false }
            case .property(let property):
                guard property.accessor.isEqual(lhs, rhs) else { return false }
            }
        }
        return true
    }

    /// Hashes the permanent properties at a storage address of the model type.
    package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher, _ state: RecursionGuard) {
        hashSteps(at: base, into: &hasher, state)
    }

    /// The steps of `hash(at:into:_:)`, inlined into the loop over an array's elements.
    @inline(__always)
    private func hashSteps(at base: UnsafeRawPointer, into hasher: inout Hasher, _ state: RecursionGuard) {
        for step in steps {
            switch step {
            case .bytes(let offset, let count):
                Self.hashBytes(base + offset, count, into: &hasher)
            case .string(let offset):
                // SAFETY: as in `isEqual`.
                hasher.combine((base + offset).assumingMemoryBound(to: String.self).pointee)
            case .optionalString(let offset):
                // SAFETY: as in `isEqual`.
                hasher.combine((base + offset).assumingMemoryBound(to: String?.self).pointee)
            case .double(let offset):
                // SAFETY: as in `isEqual`.
                hasher.combine((base + offset).assumingMemoryBound(to: Double.self).pointee)
            case .integers(let offset):
                // SAFETY: as in `isEqual`.
                hasher.combine((base + offset).assumingMemoryBound(to: [Int].self).pointee)
            case .model(let offset, let nested):
                nested.plan.hash(at: base + offset, into: &hasher, state)
            case .models(let offset, let nested, let container):
                guard state.hasStackRoom else {
                    hasher.combine(0xDEE9 as UInt16)
                    continue
                }
                container.hashElements(at: base + offset, nested.plan, into: &hasher, state)
            case .property(let property):
                property.accessor.hash(at: base, into: &hasher)
            }
        }
    }

    /// Feeds `count` bytes at an address to `hasher`, a word at a time.
    @inline(__always)
    fileprivate static func hashBytes(_ base: UnsafeRawPointer, _ count: Int, into hasher: inout Hasher) {
        var index = 0
        // SAFETY: as in `equalBytes`.
        while index + 8 <= count {
            hasher.combine(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        while index < count {
            hasher.combine(base.load(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
    }

    /// `count` bytes at two addresses are the same, a word at a time.
    @inline(__always)
    fileprivate static func equalBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
        var index = 0
        // SAFETY: a byte run lies inside one model's storage at both addresses
        // (`build` makes runs only of fields the runtime reported), and
        // the loads read only `[0, count)` of it, unaligned loads allowed.
        while index + 8 <= count {
            guard lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    == rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
            index += 8
        }
        while index < count {
            guard lhs.load(fromByteOffset: index, as: UInt8.self) == rhs.load(fromByteOffset: index, as: UInt8.self)
            else { return false }
            index += 1
        }
        return true
    }

    // MARK: Building

    private static let cache = TypeCache<EqualityPlan>()

    /// The plan of `type` (built on first use, then shared).
    package static func of(_ type: any Model.Type) -> EqualityPlan {
        if let cached = cache.cachedValue(for: type) { return cached }
        var building: [ObjectIdentifier: EqualityPlan] = [:]
        let plan = build(type, &building)
        plan.members = Array(building.values)
        return cache.value(for: type) { plan }
    }

    /// The plan of `type`, made with the plans of the struct models it holds;
    /// `building` holds the plans of this build, so that a type holding an
    /// array of itself refers to its own plan.
    private static func build(_ type: any Model.Type, _ building: inout [ObjectIdentifier: EqualityPlan]) -> EqualityPlan {
        if let cached = cache.cachedValue(for: type) { return cached }
        if let started = building[ObjectIdentifier(type)] { return started }
        let plan = EqualityPlan(descriptor: ModelDescriptor.of(type))
        building[ObjectIdentifier(type)] = plan
        var steps: [Step] = []
        for property in plan.descriptor.permanentProperties {
            let step = property.accessor.accept(StepChooser())
            switch step {
            case .bytes(let offset, let count):
                if case .bytes(let start, let length)? = steps.last, start + length == offset {
                    steps[steps.count - 1] = .bytes(offset: start, count: length + count)
                } else {
                    steps.append(.bytes(offset: offset, count: count))
                }
            case .nested(let offset, let nested):
                steps.append(.model(offset: offset, PlanReference(plan: build(nested, &building))))
            case .container(let offset, let container):
                steps.append(.models(offset: offset, PlanReference(plan: build(container.elementModel, &building)),
                                     container))
            case .step(let made):
                steps.append(made)
            }
        }
        // SAFETY: a new buffer of exactly `steps.count` trivial values, owned by the
        // plan (deallocated in `deinit`) and never written again.
        plan.steps = .allocate(capacity: steps.count)
        _ = plan.steps.initialize(from: steps)
        if steps.count == 1, case .bytes(0, let count) = steps[0], count == stride(of: type) {
            plan.wholeBytes = count
        }
        return plan
    }

    /// What a property becomes, before nested plans are built.
    fileprivate enum Choice {
        case bytes(offset: Int, count: Int)
        case nested(offset: Int, any Model.Type)
        case container(offset: Int, any InPlaceModelContainer.Type)
        case step(Step)
    }

    /// Chooses a property's step from its value type.
    private struct StepChooser: PropertyAccessorVisitor {
        func visit<Value>(_ accessor: TypedPropertyAccessor<Value>) -> Choice {
            // Subclasses (weak fields, wrappers, key paths) do not hold a plain `Value` at the offset.
            guard type(of: accessor) == TypedPropertyAccessor<Value>.self else {
                return .step(.property(AccessorReference(accessor: accessor)))
            }
            let offset = accessor.offset
            if isBitwiseComparable(Value.self) { return .bytes(offset: offset, count: MemoryLayout<Value>.size) }
            if Value.self == String.self { return .step(.string(offset: offset)) }
            if Value.self == String?.self { return .step(.optionalString(offset: offset)) }
            if Value.self == Double.self { return .step(.double(offset: offset)) }
            if Value.self == [Int].self { return .step(.integers(offset: offset)) }
            if let model = Value.self as? any Model.Type, isStructModel(model) {
                return .nested(offset: offset, model)
            }
            if let container = Value.self as? any InPlaceModelContainer.Type, isStructModel(container.elementModel) {
                return .container(offset: offset, container)
            }
            return .step(.property(AccessorReference(accessor: accessor)))
        }
    }
}

/// The distance between two elements of an array of `Value`.
private func stride<Value>(of type: Value.Type) -> Int {
    MemoryLayout<Value>.stride
}

/// `true` for the types whose values are equal exactly when their bytes are:
/// integers (one representation per value) and `Bool` (0 or 1).
private func isBitwiseComparable(_ type: Any.Type) -> Bool {
    type == Int.self || type == Int64.self || type == Int32.self || type == Int16.self || type == Int8.self
        || type == UInt.self || type == UInt64.self || type == UInt32.self || type == UInt16.self
        || type == UInt8.self || type == Bool.self
}

/// `true` when `type` is a struct whose `==` and `hash(into:)` are the model
/// defaults, with readable metadata (otherwise its own `==` reports it).
private func isStructModel(_ type: any Model.Type) -> Bool {
    _metadataKind(type) == 0x200 && ModelDescriptor.of(type).unreadableMetadata == nil
        && ModelEquality.usesModelEquality(type)
}

@_silgen_name("swift_getMetadataKind")
private func _metadataKind(_ type: Any.Type) -> UInt

/// A container of models that a plan walks in place: `Optional` and `Array`
/// of a model type.
package protocol InPlaceModelContainer {
    /// The model type of the elements.
    static var elementModel: any Model.Type { get }
    /// `true` when the containers at two addresses hold equal elements, each
    /// compared with `plan`, the elements' plan.
    static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                              _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool
    /// Hashes the container at an address: its element count and each element with `plan`.
    static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                             _ state: RecursionGuard)
}

extension Optional: InPlaceModelContainer where Wrapped: Model {
    package static var elementModel: any Model.Type { Wrapped.self }

    package static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                      _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        // SAFETY: the plan chose this step for a stored `Wrapped?` at these
        // addresses. Testing the case reads the tag in place; an optional is a
        // single-payload enum, whose payload starts at the enum's own address
        // (the Swift ABI's layout), so `lhs`/`rhs` address the wrapped models.
        switch (isNone(lhs), isNone(rhs)) {
        case (true, true): return true
        case (false, false): return plan.isEqual(lhs, rhs, state)
        default: return false
        }
    }

    package static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                                     _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        guard !isNone(base) else {
            hasher.combine(0 as UInt8)
            return
        }
        hasher.combine(1 as UInt8)
        plan.hash(at: base, into: &hasher, state)
    }
}

extension Optional where Wrapped: Model {
    /// `true` when the optional stored at `address` is `nil`; its case is
    /// read in place, without copying the wrapped model.
    @inline(__always)
    fileprivate static func isNone(_ address: UnsafeRawPointer) -> Bool {
        // SAFETY: callers pass the address of a stored `Wrapped?`.
        if case .none = address.assumingMemoryBound(to: Wrapped?.self).pointee { return true }
        return false
    }
}

extension Array: InPlaceModelContainer where Element: Model {
    package static var elementModel: any Model.Type { Element.self }

    package static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                      _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        // SAFETY: the plan chose this step for a stored `[Element]` at these
        // addresses; each element is read in place, inside the buffers'
        // closures, while `left` and `right` keep them alive.
        let left = lhs.assumingMemoryBound(to: [Element].self).pointee
        let right = rhs.assumingMemoryBound(to: [Element].self).pointee
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                guard left.count == right.count else { return false }
                guard let leftStart = left.baseAddress, let rightStart = right.baseAddress,
                      leftStart != rightStart else { return true }
                return plan.elementsEqual(leftStart, rightStart, count: left.count,
                                          stride: MemoryLayout<Element>.stride, state)
            }
        }
    }

    package static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                                     _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        let elements = base.assumingMemoryBound(to: [Element].self).pointee
        hasher.combine(elements.count)
        elements.withUnsafeBufferPointer { elements in
            guard let start = elements.baseAddress else { return }
            plan.hashElements(at: start, count: elements.count, stride: MemoryLayout<Element>.stride,
                              into: &hasher, state)
        }
    }
}
