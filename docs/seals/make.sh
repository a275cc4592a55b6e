#!/bin/sh
# Regenerates the pictures in docs/seals/ with the command line (docs/seals.md shows them).
# Run from anywhere: sh docs/seals/make.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
yz="node $here/../../packages/cli/bin/yinzhang.mjs"
px=320

$yz seal -q --preset official --name 北京某某科技有限公司 --px $px -o "$here/official.png"
$yz seal -q --preset contract --name 北京某某科技有限公司 --code 1101081234567 --px $px -o "$here/contract.png"
$yz seal -q --preset finance --name 上海某某贸易有限公司 --px $px -o "$here/finance.png"
$yz seal -q --preset invoice --name 北京某某科技有限公司 --code 91110108MA01ABCD2X --px $px -o "$here/invoice.png"
$yz seal -q --preset personal --name 张三 --px $px -o "$here/personal-2.png"
$yz seal -q --preset personal --name 张三丰 --px $px -o "$here/personal-3.png"
$yz seal -q --preset official --name 某某市某某区人民政府办公室 --color blue --double-border --inner-ring --px $px -o "$here/options-blue-double-ring.png"
$yz seal -q --preset contract --name 某某某某有限公司 --aging 0.6 --seed 7 --px $px -o "$here/options-aged.png"
$yz seal -q --preset official --name 某某某某有限公司 --title 人事专用章 --color purple --star-mm 0 --px $px -o "$here/options-purple-no-star.png"
ls -l "$here"/*.png
