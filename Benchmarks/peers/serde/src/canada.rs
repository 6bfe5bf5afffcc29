//! canada.json, as serde's json-benchmark models it (src/canada.rs).

use serde_derive::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::support::string_enum;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureCollection {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub features: Vec<Feature>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Geometry {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub coordinates: Vec<Vec<(f32, f32)>>,
}

string_enum!(ObjType {
    FeatureCollection = "FeatureCollection",
    Feature = "Feature",
    Polygon = "Polygon",
});
