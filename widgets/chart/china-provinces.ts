/**
 * The provinces of China as the map geometry names them (short names: 广东, 北京, 内蒙古), with
 * the key of their translated name (`widgets:chart.provinces.<key>`).
 */
export const CHINA_PROVINCES = {
  北京: 'beijing',
  天津: 'tianjin',
  河北: 'hebei',
  山西: 'shanxi',
  内蒙古: 'innerMongolia',
  辽宁: 'liaoning',
  吉林: 'jilin',
  黑龙江: 'heilongjiang',
  上海: 'shanghai',
  江苏: 'jiangsu',
  浙江: 'zhejiang',
  安徽: 'anhui',
  福建: 'fujian',
  江西: 'jiangxi',
  山东: 'shandong',
  河南: 'henan',
  湖北: 'hubei',
  湖南: 'hunan',
  广东: 'guangdong',
  广西: 'guangxi',
  海南: 'hainan',
  重庆: 'chongqing',
  四川: 'sichuan',
  贵州: 'guizhou',
  云南: 'yunnan',
  西藏: 'tibet',
  陕西: 'shaanxi',
  甘肃: 'gansu',
  青海: 'qinghai',
  宁夏: 'ningxia',
  新疆: 'xinjiang',
  台湾: 'taiwan',
  香港: 'hongKong',
  澳门: 'macao',
  南海诸岛: 'southChinaSeaIslands',
} as const satisfies Record<string, string>;

export type ChinaProvince = keyof typeof CHINA_PROVINCES;

const isProvince = (name: string): name is ChinaProvince => Object.hasOwn(CHINA_PROVINCES, name);

// Full names end in one of these: 广东省, 北京市, 广西壮族自治区, 香港特别行政区.
const SUFFIX = /(?:省|市|特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区)$/;

/** The map's name of a province value, full or short (`广东省` -> `广东`); undefined when it names none. */
export function chinaProvince(value: string): ChinaProvince | undefined {
  const name = value.trim();
  if (isProvince(name)) return name;
  const short = name.replace(SUFFIX, '');
  return isProvince(short) ? short : undefined;
}
