// The China map geometry (Apache-2.0, from the echarts 4.9.0 package): its own chunk, loaded by map charts only.
import { registerMap } from 'echarts/core';
import chinaGeoJson from 'echarts-map-data/map/json/china.json';
import { CHINA_MAP } from './options/map.ts';

registerMap(CHINA_MAP, chinaGeoJson as Parameters<typeof registerMap>[1]);
