//! Three of ZippyJSON's benchmark corpora (mesh.json, random.json,
//! apache_builds.json), field for field the Codable models of ZippyJSON's tests
//! (serde's json-benchmark has none of them).

use serde_derive::{Deserialize, Serialize};

/// An object that is always empty in the corpus (`{}`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmptyObject {}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Mesh {
    pub batches: Vec<MeshBatch>,
    pub morph_targets: EmptyObject,
    pub positions: Vec<f64>,
    pub tex0: Vec<f64>,
    pub colors: Vec<i64>,
    pub influences: Vec<Vec<f64>>,
    pub normals: Vec<f64>,
    pub indices: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MeshBatch {
    pub index_range: Vec<i64>,
    pub vertex_range: Vec<i64>,
    pub used_bones: Vec<i64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Random {
    pub id: i64,
    pub jsonrpc: String,
    pub total: i64,
    pub result: Vec<RandomUser>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RandomUser {
    pub id: i64,
    pub avatar: String,
    pub age: i64,
    pub admin: bool,
    pub name: String,
    pub company: String,
    pub phone: String,
    pub email: String,
    pub birth_date: String,
    pub friends: Vec<RandomFriend>,
    pub field: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RandomFriend {
    pub id: i64,
    pub name: String,
    pub phone: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ApacheBuilds {
    pub assigned_labels: Vec<EmptyObject>,
    pub mode: String,
    pub node_description: String,
    pub node_name: String,
    pub num_executors: i64,
    pub description: String,
    pub jobs: Vec<ApacheJob>,
    pub overall_load: EmptyObject,
    pub primary_view: ApacheView,
    pub quieting_down: bool,
    pub slave_agent_port: i64,
    pub unlabeled_load: EmptyObject,
    pub use_crumbs: bool,
    pub use_security: bool,
    pub views: Vec<ApacheView>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApacheJob {
    pub name: String,
    pub url: String,
    pub color: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApacheView {
    pub name: String,
    pub url: String,
}
